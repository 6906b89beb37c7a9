import { Link } from 'react-router';
import type { PageHandle } from '#client/page-handle.ts';
import { usePublicConfig } from '#client/public-config.tsx';
import { PublicLayout } from '#client/public/PublicLayout.tsx';

export const handle: PageHandle = {
  title: 'Argus Words — Privacy Policy',
  description:
    'How Argus Words collects, uses, shares and protects your personal information, including payment details for in-app coin purchases, and how to contact us.',
  static: true,
};

const SECTIONS = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'information-we-collect', title: 'Information we collect' },
  { id: 'how-we-use', title: 'How we use your information' },
  { id: 'sharing', title: 'Sharing your information' },
  { id: 'security', title: 'Security' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact' },
  { id: 'in-app-purchases', title: 'In-app purchases and payment information' },
] as const;

export default function Privacy() {
  const { contactEmail } = usePublicConfig();
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;

  return (
    <PublicLayout>
      <div className="page-header">
        <div className="container py-5">
          <h1 className="display-5 fw-bold">Privacy Policy</h1>
          <p className="lead mb-0">Last updated January 15, 2025</p>
        </div>
      </div>

      <div className="container py-5">
        <div className="row gy-4">
          <div className="col-lg-3">
            <nav className="toc" aria-label="On this page">
              <p className="toc-title">On this page</p>
              <ul className="list-unstyled mb-0">
                {SECTIONS.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`}>{s.title}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>

          <article className="col-lg-9 legal">
            <section id="introduction" aria-labelledby="introduction-title">
              <h2 id="introduction-title">Introduction</h2>
              <p>
                Your privacy matters to us. This Privacy Policy explains what information Argus Words
                (&ldquo;we&rdquo;, &ldquo;us&rdquo; or &ldquo;our&rdquo;) collects when you play the game or
                visit this website, how we use it, when we share it and how we keep it safe.
              </p>
              <p>
                By using Argus Words you agree to the practices described here. This policy should be read
                together with our <Link to="/terms-of-service">Terms of Service</Link>.
              </p>
            </section>

            <section id="information-we-collect" aria-labelledby="information-we-collect-title">
              <h2 id="information-we-collect-title">Information we collect</h2>
              <p>We only collect what we need to run the game and make it better:</p>
              <ul>
                <li>
                  <strong>Your name</strong>, such as the username you choose and show on leaderboards.
                </li>
                <li>
                  <strong>Your e-mail address</strong>, used to identify your account and to get in touch with
                  you. If you sign in with Apple or Google, we receive the account identifier they provide.
                </li>
                <li>
                  <strong>Usage data</strong> about how you play: levels played and completed, words entered,
                  scores, records, coins earned and spent, super powers used and your preferred language.
                </li>
                <li>
                  <strong>Automatically collected data</strong> sent by your device and browser, such as
                  device type, operating system, app or browser version, IP address, the date and time of your
                  visits, and diagnostic and crash information.
                </li>
              </ul>
            </section>

            <section id="how-we-use" aria-labelledby="how-we-use-title">
              <h2 id="how-we-use-title">How we use your information</h2>
              <p>We use the information we collect to:</p>
              <ul>
                <li>create and manage your account and keep you signed in;</li>
                <li>
                  run the game: save your progress, keep your personal dictionary, and calculate scores,
                  levels, rankings and leaderboards;
                </li>
                <li>let you compare your stats with your friends;</li>
                <li>credit coins you earn or buy and keep your coin balance accurate;</li>
                <li>answer your questions and feedback;</li>
                <li>fix bugs, prevent cheating and abuse, and keep the Services secure;</li>
                <li>understand how the game is played so we can improve levels, words and features.</li>
              </ul>
              <p>We do not sell your personal information.</p>
            </section>

            <section id="sharing" aria-labelledby="sharing-title">
              <h2 id="sharing-title">Sharing your information</h2>
              <p>We share your information only when it is needed to:</p>
              <ul>
                <li>
                  <strong>provide our services</strong>, for example with hosting providers and the app store
                  that processes your purchases, who may use it only on our behalf or to complete your
                  request;
                </li>
                <li>
                  <strong>comply with the law</strong>, such as a valid legal request from a court or public
                  authority;
                </li>
                <li>
                  <strong>protect rights</strong>, including the safety, rights and property of our players,
                  the public and Argus Words.
                </li>
              </ul>
              <p>
                Your username, scores and rankings are visible to other players on leaderboards and when
                friends compare stats. If you use the feedback form on our website, your answers are collected
                by the external forms service that hosts it, under its own privacy policy.
              </p>
            </section>

            <section id="security" aria-labelledby="security-title">
              <h2 id="security-title">Security</h2>
              <p>
                We use reasonable technical and organisational measures to protect your information, including
                encrypted connections, hashed passwords and restricted access to our systems. No method of
                transmission or storage is completely secure, however, so we cannot guarantee absolute
                security. Please keep your login details private and tell us straight away if you think your
                account has been compromised.
              </p>
            </section>

            <section id="changes" aria-labelledby="changes-title">
              <h2 id="changes-title">Changes to this policy</h2>
              <p>
                We may update this Privacy Policy from time to time. When we do, we will announce it by
                updating the &ldquo;Last updated&rdquo; date at the top of this page. We encourage you to
                check back now and then to stay informed.
              </p>
            </section>

            <section id="contact" aria-labelledby="contact-title">
              <h2 id="contact-title">Contact</h2>
              <p>
                Questions about this policy or your personal information, or would you like to access, correct
                or delete your data? Email us at {mail} and we will be glad to help.
              </p>
            </section>

            <section id="in-app-purchases" aria-labelledby="in-app-purchases-title">
              <h2 id="in-app-purchases-title">In-app purchases and payment information</h2>
              <p>
                Coin purchases are optional and are processed entirely by the app store you downloaded the
                game from (such as the Apple App Store or Google Play) and its payment provider. Your card or
                bank details are handled by them under their own privacy policies and are never shared with
                us.
              </p>
              <p>
                When you make a purchase, we receive only the details we need to credit your coins and handle
                support requests: a confirmation of the transaction, the item bought and the date.
              </p>
              <p>
                In the Friends and Family version, store purchases use Demo Money. No real payment takes place
                and no payment information is collected. Resetting Demo Money deletes all accumulated coins on
                that account.
              </p>
            </section>
          </article>
        </div>
      </div>
    </PublicLayout>
  );
}
