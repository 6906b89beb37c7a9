import { Link } from 'react-router';
import type { PageHandle } from '#client/page-handle.ts';
import { usePublicConfig } from '#client/public-config.tsx';
import { Icon, PublicLayout } from '#client/public/PublicLayout.tsx';
import type { IconName } from '#client/public/PublicLayout.tsx';

export const handle: PageHandle = {
  title: 'Argus Words — The word game that grows your vocabulary',
  description:
    'Build words from letter groups, race the clock in ranked mode or relax in practice mode, climb the level map and grow your own personal dictionary.',
  static: true,
};

interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

interface SuperPower extends Feature {
  cost: number;
}

const MODES: (Feature & { points: string[] })[] = [
  {
    icon: 'trophy',
    title: 'Ranked mode',
    text: 'Put your vocabulary on the line. Every level gives you a letter group, a goal and a ticking timer: find valid words before time runs out.',
    points: [
      'Earn coins for every level you beat',
      'Climb the world rankings against players everywhere',
      'Level up as your skills and scores improve',
      'Beat the timer: every second counts',
    ],
  },
  {
    icon: 'leaf',
    title: 'Practice mode',
    text: 'No clock, no pressure. Explore the same letter groups at your own pace, try out new words and warm up before your next ranked run.',
    points: [
      'No time limit, ever',
      'Experiment freely and learn from every attempt',
      'Perfect for a calm coffee break or a bedtime brain teaser',
    ],
  },
];

const SUPER_POWERS: SuperPower[] = [
  {
    icon: 'eye',
    title: 'Peek Words',
    cost: 1,
    text: 'Review the words you have already entered so you never waste a move on a duplicate.',
  },
  {
    icon: 'clock',
    title: 'Extra Time',
    cost: 3,
    text: 'Add 10 seconds to the timer in ranked mode, just when you feel the next word is on the tip of your tongue.',
  },
  {
    icon: 'shuffle',
    title: 'New Letters',
    cost: 5,
    text: 'Refresh the letter group for a new set of possibilities, while keeping the essential requirements of the level.',
  },
];

const MORE_FEATURES: Feature[] = [
  {
    icon: 'map',
    title: 'Interactive level map',
    text: 'Follow a winding map of levels and stages, each with its own twist, and unlock bonus challenges along the way for extra rewards.',
  },
  {
    icon: 'users',
    title: 'Compare stats with friends',
    text: 'See how your valid words, scores and progress stack up against your friends, and settle who really has the biggest vocabulary.',
  },
  {
    icon: 'chart',
    title: 'Records and leaderboards',
    text: 'Keep track of your personal bests, highest scores and fastest runs, and watch your name rise on the leaderboards.',
  },
  {
    icon: 'book',
    title: 'Your personal dictionary',
    text: 'Every word you discover is saved to your own dictionary, with your most valuable words front and centre.',
  },
];

function FeatureIcon({ icon }: { icon: IconName }) {
  return (
    <span className="feature-icon">
      <Icon name={icon} />
    </span>
  );
}

function CoinCost({ cost }: { cost: number }) {
  return (
    <span className="coin-badge">
      <Icon name="coin" size={16} /> {cost} {cost === 1 ? 'coin' : 'coins'}
    </span>
  );
}

function Feedback() {
  const { feedbackFormUrl, contactEmail } = usePublicConfig();
  const mailto = `mailto:${contactEmail}?subject=${encodeURIComponent('Argus Words feedback')}`;

  if (feedbackFormUrl) {
    return (
      <>
        <p className="lead text-center mb-4">
          Love a feature? Found a word we missed? Tell us what you think. It only takes a minute, and every
          answer helps shape the game.
        </p>
        <div className="feedback-card card border-0 shadow-sm">
          <iframe
            className="feedback-frame"
            src={feedbackFormUrl}
            title="Argus Words feedback form"
            loading="lazy"
          />
        </div>
        <p className="mt-3 mb-0">
          Form not loading?{' '}
          <a href={feedbackFormUrl} target="_blank" rel="noopener noreferrer">
            Open the feedback form in a new tab
          </a>{' '}
          or <a href={mailto}>email us your feedback</a>.
        </p>
      </>
    );
  }

  return (
    <div className="feedback-card card border-0 shadow-sm">
      <div className="card-body p-4 p-md-5 text-center">
        <p className="lead">
          Love a feature? Found a word we missed? Have an idea for a new super power? Drop us a line: we read
          every message.
        </p>
        <a className="btn btn-brand btn-lg" href={mailto}>
          Email us your feedback
        </a>
        <p className="mt-3 mb-0">
          Or write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      </div>
    </div>
  );
}

export default function Landing() {
  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container py-5">
          <div className="row align-items-center gy-5 py-lg-4">
            <div className="col-lg-7">
              <p className="hero-eyebrow">A word game for curious minds</p>
              <h1 id="hero-title" className="display-4 fw-bold mb-3">
                Grow your vocabulary, one word at a time
              </h1>
              <p className="lead mb-4">
                Argus Words hands you a group of letters and a challenge. Find as many real words as you can,
                race the clock or take it easy, climb the level map and watch your personal dictionary grow.
              </p>
              <div className="d-flex flex-wrap gap-3">
                <a className="btn btn-light btn-lg" href="#download">
                  Get the app
                </a>
                <a className="btn btn-outline-light btn-lg" href="#modes">
                  See how it works
                </a>
              </div>
            </div>
            <div className="col-lg-5">
              <div className="letter-board mx-auto" aria-hidden="true">
                {['W', 'O', 'R', 'D', 'S', 'A', 'R', 'G', 'U'].map((letter, i) => (
                  <span className="letter-tile" key={i}>
                    {letter}
                  </span>
                ))}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section id="modes" className="py-5" aria-labelledby="modes-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="modes-title" className="fw-bold">
              Two ways to play
            </h2>
            <p className="lead">
              Chase the top of the rankings or simply enjoy the puzzle: switch modes whenever you like.
            </p>
          </div>
          <div className="row g-4">
            {MODES.map((mode) => (
              <div className="col-md-6" key={mode.title}>
                <article className="card feature-card h-100">
                  <div className="card-body p-4">
                    <FeatureIcon icon={mode.icon} />
                    <h3 className="h4 fw-bold mt-3">{mode.title}</h3>
                    <p>{mode.text}</p>
                    <ul className="check-list mb-0">
                      {mode.points.map((point) => (
                        <li key={point}>{point}</li>
                      ))}
                    </ul>
                  </div>
                </article>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="super-powers" className="py-5 section-tinted" aria-labelledby="powers-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="powers-title" className="fw-bold">
              Super powers
            </h2>
            <p className="lead">
              Stuck on a tricky level? Spend the coins you earn on a super power and turn the game around.
            </p>
          </div>
          <div className="row g-4">
            {SUPER_POWERS.map((power) => (
              <div className="col-md-4" key={power.title}>
                <article className="card feature-card h-100">
                  <div className="card-body p-4">
                    <div className="d-flex justify-content-between align-items-start">
                      <FeatureIcon icon={power.icon} />
                      <CoinCost cost={power.cost} />
                    </div>
                    <h3 className="h4 fw-bold mt-3">{power.title}</h3>
                    <p className="mb-0">{power.text}</p>
                  </div>
                </article>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="features" className="py-5" aria-labelledby="features-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="features-title" className="fw-bold">
              More to explore
            </h2>
            <p className="lead">
              Every session adds to your story, and there is always another goal in sight.
            </p>
          </div>
          <div className="row g-4">
            {MORE_FEATURES.map((feature) => (
              <div className="col-sm-6 col-lg-3" key={feature.title}>
                <article className="card feature-card h-100">
                  <div className="card-body p-4">
                    <FeatureIcon icon={feature.icon} />
                    <h3 className="h5 fw-bold mt-3">{feature.title}</h3>
                    <p className="mb-0">{feature.text}</p>
                  </div>
                </article>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="coins" className="py-5 section-tinted" aria-labelledby="coins-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="coins-title" className="fw-bold">
              Coins, fair and simple
            </h2>
            <p className="lead">
              You earn coins by playing. Buying more is entirely optional: the whole game can be enjoyed
              without spending anything.
            </p>
          </div>
          <div className="row g-4">
            <div className="col-md-6">
              <article className="card feature-card h-100">
                <div className="card-body p-4">
                  <FeatureIcon icon="cart" />
                  <h3 className="h4 fw-bold mt-3">Optional in-app purchases</h3>
                  <p className="mb-0">
                    Want a head start? Coin packs can be bought inside the app. Payments are handled securely
                    by your app store&apos;s payment provider, so your card details never reach us. Coins are
                    used for super powers.
                  </p>
                </div>
              </article>
            </div>
            <div className="col-md-6">
              <article className="card feature-card h-100">
                <div className="card-body p-4">
                  <FeatureIcon icon="flask" />
                  <h3 className="h4 fw-bold mt-3">Friends and Family version</h3>
                  <p>
                    Our early testers get a special edition with <strong>Demo Money</strong>, so they can try
                    out the store without spending anything real.
                  </p>
                  <p className="notice mb-0">
                    <strong>Heads up:</strong> resetting your Demo Money deletes all of your accumulated
                    coins.
                  </p>
                </div>
              </article>
            </div>
          </div>
          <p className="mt-4 mb-0">
            Read more about purchases and refunds in our <Link to="/terms-of-service">Terms of Service</Link>.
          </p>
        </div>
      </section>

      <section id="feedback" className="py-5" aria-labelledby="feedback-title">
        <div className="container">
          <div className="row justify-content-center">
            <div className="col-lg-10 col-xl-8">
              <h2 id="feedback-title" className="fw-bold text-center mb-3">
                Share your feedback
              </h2>
              <Feedback />
            </div>
          </div>
        </div>
      </section>

      <section id="download" className="download py-5" aria-labelledby="download-title">
        <div className="container py-lg-4 text-center">
          <h2 id="download-title" className="fw-bold">
            Get Argus Words
          </h2>
          <p className="lead mx-auto download-text">
            We are putting the finishing touches on the app. It will be available for download very soon:
            follow us on social media to be the first to know.
          </p>
          <button type="button" className="btn btn-lg btn-coming-soon" disabled>
            Coming Soon
          </button>
        </div>
      </section>
    </PublicLayout>
  );
}
