import { Link } from 'react-router';
import type { PageHandle } from '#client/page-handle.ts';
import { usePublicConfig } from '#client/public-config.tsx';
import { PublicLayout } from '#client/public/PublicLayout.tsx';

export const handle: PageHandle = {
  title: 'Argus Words — Terms of Service',
  description:
    'The terms that apply when you play Argus Words: your obligations, our intellectual property, coin purchases, refunds and Demo Money, and how to reach us.',
  static: true,
};

const SECTIONS = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'user-obligations', title: 'User obligations' },
  { id: 'intellectual-property', title: 'Intellectual property' },
  { id: 'changes', title: 'Changes to these terms' },
  { id: 'contact', title: 'Contact' },
  { id: 'in-app-purchases', title: 'In-app purchases' },
] as const;

export default function Terms() {
  const { contactEmail } = usePublicConfig();
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;

  return (
    <PublicLayout>
      <div className="page-header">
        <div className="container py-5">
          <h1 className="display-5 fw-bold">Terms of Service</h1>
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
                Welcome to Argus Words! These Terms of Service (the &ldquo;Terms&rdquo;) govern your use of
                the Argus Words game, this website and every related service we offer (together, the
                &ldquo;Services&rdquo;). &ldquo;Argus Words&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo; and
                &ldquo;our&rdquo; refer to the team behind the game; &ldquo;you&rdquo; refers to anyone who
                plays the game or visits the website.
              </p>
              <p>
                By downloading, installing, accessing or using the Services, you agree to be bound by these
                Terms and by our <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, please
                do not use the Services.
              </p>
            </section>

            <section id="user-obligations" aria-labelledby="user-obligations-title">
              <h2 id="user-obligations-title">User obligations</h2>
              <p>To keep Argus Words fun and fair for everyone, you agree to:</p>
              <ul>
                <li>provide accurate information when you create an account, and keep it up to date;</li>
                <li>
                  keep your login details confidential and take responsibility for all activity on your
                  account;
                </li>
                <li>
                  choose a username that is not offensive, misleading or infringing on anyone else&apos;s
                  rights;
                </li>
                <li>
                  play fairly: no cheating, bots, scripts, exploits or any other way of manipulating scores,
                  rankings, leaderboards or coin balances;
                </li>
                <li>
                  not interfere with, disrupt, reverse engineer or attempt to gain unauthorised access to the
                  Services or the systems that run them;
                </li>
                <li>comply with all laws and regulations that apply to your use of the Services.</li>
              </ul>
              <p>
                We may suspend or close accounts that break these Terms, and remove rankings or records
                achieved through unfair play.
              </p>
            </section>

            <section id="intellectual-property" aria-labelledby="intellectual-property-title">
              <h2 id="intellectual-property-title">Intellectual property</h2>
              <p>
                The Services, including the game design, levels, letter groups, artwork, text, software, logos
                and the &ldquo;Argus Words&rdquo; name, are owned by us or our licensors and are protected by
                copyright, trademark and other intellectual property laws.
              </p>
              <p>
                We grant you a personal, limited, non-exclusive, non-transferable and revocable licence to use
                the Services for your own non-commercial entertainment. You may not copy, modify, distribute,
                sell or create derivative works from any part of the Services without our prior written
                permission.
              </p>
              <p>
                Some word data is provided by third parties under their own licences; see our{' '}
                <Link to="/about-us">About us</Link> page for acknowledgments.
              </p>
            </section>

            <section id="changes" aria-labelledby="changes-title">
              <h2 id="changes-title">Changes to these terms</h2>
              <p>
                We may update these Terms from time to time, for example when we add new features or when the
                law changes. When we do, we will revise the &ldquo;Last updated&rdquo; date at the top of this
                page and, for significant changes, let you know in the app or on this website.
              </p>
              <p>
                By continuing to use the Services after the updated Terms take effect, you accept them. If you
                do not agree with the changes, please stop using the Services.
              </p>
            </section>

            <section id="contact" aria-labelledby="contact-title">
              <h2 id="contact-title">Contact</h2>
              <p>
                Questions about these Terms, your account or a purchase? We are happy to help. Email us at{' '}
                {mail} and we will get back to you as soon as we can.
              </p>
            </section>

            <section id="in-app-purchases" aria-labelledby="in-app-purchases-title">
              <h2 id="in-app-purchases-title">In-app purchases</h2>
              <h3 className="h5">What coins are for</h3>
              <p>
                Coins are the in-game currency of Argus Words. You earn them by playing ranked mode and you
                can spend them on super powers: Peek Words (1 coin), Extra Time (3 coins) and New Letters (5
                coins). Coins have no cash value, cannot be exchanged for real money and cannot be transferred
                between accounts.
              </p>
              <p>
                Buying coins is completely optional. You can enjoy the full game without buying anything;
                purchased coins are simply a shortcut.
              </p>

              <h3 className="h5">Payment processing</h3>
              <p>
                All purchases are processed by a third party: the app store you downloaded the game from (such
                as the Apple App Store or Google Play) and its payment provider. Your purchase is subject to
                that store&apos;s terms and payment policies. We never receive or store your full card or bank
                details.
              </p>

              <h3 className="h5">Refunds</h3>
              <p>
                Coins are delivered to your account immediately after purchase, so all sales are final except
                where the law requires otherwise. Refund requests are handled by the app store under its own
                refund policy, so please contact the store you bought from first. If coins you paid for did
                not arrive, email us at {mail} with the date of the purchase and we will look into it.
              </p>

              <h3 className="h5">Demo Money in the Friends and Family version</h3>
              <p>
                The Friends and Family version of Argus Words is an early edition for testers. It includes
                Demo Money so that testers can try out the store without being charged. Demo Money has no
                value and cannot be converted into real money or carried over to other versions.
              </p>
              <p className="notice">
                <strong>Important:</strong> resetting Demo Money deletes all accumulated coins on that
                account, including coins earned by playing. This cannot be undone.
              </p>
            </section>
          </article>
        </div>
      </div>
    </PublicLayout>
  );
}
