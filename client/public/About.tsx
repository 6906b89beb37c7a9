import { Link } from 'react-router';
import type { PageHandle } from '#client/page-handle.ts';
import { usePublicConfig } from '#client/public-config.tsx';
import { Icon, PublicLayout } from '#client/public/PublicLayout.tsx';
import type { IconName } from '#client/public/PublicLayout.tsx';

export const handle: PageHandle = {
  title: 'Argus Words — About us',
  description:
    'Meet the small, word-obsessed team behind Argus Words, learn why we built a game that grows your vocabulary, and see who helped us along the way.',
  static: true,
};

const VALUES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'dice',
    title: 'Play first',
    text: 'If a level is not fun, it does not ship. Learning sticks best when you are too busy enjoying yourself to notice.',
  },
  {
    icon: 'star',
    title: 'Every word counts',
    text: 'From everyday favourites to delightful oddities, each word you find is a small win worth celebrating.',
  },
  {
    icon: 'scale',
    title: 'Fair for everyone',
    text: 'Coins can be earned by playing, purchases are optional, and the leaderboards reward skill, not spending.',
  },
];

export default function About() {
  const { contactEmail } = usePublicConfig();

  return (
    <PublicLayout>
      <div className="page-header">
        <div className="container py-5">
          <p className="hero-eyebrow page-eyebrow">Hello there, word lover</p>
          <h1 className="display-5 fw-bold">About us</h1>
          <p className="lead mb-0 about-lead">
            We are a tiny team with a big vocabulary habit, on a mission to make learning new words the best
            part of your day.
          </p>
        </div>
      </div>

      <div className="container py-5">
        <div className="row gy-5 gx-lg-5">
          <section className="col-lg-6" aria-labelledby="who-title">
            <h2 id="who-title" className="fw-bold">
              Who we are
            </h2>
            <p>
              Argus Words was born the way all good ideas are: during a very heated argument over whether
              &ldquo;qi&rdquo; is a real word (it is: it names the vital energy of Chinese philosophy).
              Somewhere between the dictionary-thumping and the victory dance, we realised we had spent an
              entire evening happily learning words. So we set out to bottle that feeling.
            </p>
            <p className="mb-0">
              Today we are a small band of game designers, developers and self-confessed word nerds who keep a
              running list of favourite words on the office whiteboard. (Current champion:
              &ldquo;petrichor&rdquo;, the smell of rain on dry earth.)
            </p>
          </section>

          <section className="col-lg-6" aria-labelledby="name-title">
            <h2 id="name-title" className="fw-bold">
              Why &ldquo;Argus&rdquo;?
            </h2>
            <p>
              In Greek myth, Argus was a giant with a hundred eyes who never missed a thing. We like to think
              the game has the same talent: it keeps an eye on every letter, spots every valid word and
              remembers your most valuable finds in your personal dictionary.
            </p>
            <p className="mb-0">
              We hope you will grow a few extra eyes for words, too. Figuratively, of course.
            </p>
          </section>
        </div>
      </div>

      <section className="section-tinted py-5" aria-labelledby="believe-title">
        <div className="container">
          <h2 id="believe-title" className="fw-bold mb-4">
            What we believe
          </h2>
          <div className="row g-4">
            {VALUES.map((value) => (
              <div className="col-md-4" key={value.title}>
                <article className="card feature-card h-100">
                  <div className="card-body p-4">
                    <span className="feature-icon">
                      <Icon name={value.icon} />
                    </span>
                    <h3 className="h5 fw-bold mt-3">{value.title}</h3>
                    <p className="mb-0">{value.text}</p>
                  </div>
                </article>
              </div>
            ))}
          </div>
        </div>
      </section>

      <div className="container py-5">
        <div className="row gy-5 gx-lg-5">
          <section className="col-lg-6" aria-labelledby="acknowledgments-title">
            <h2 id="acknowledgments-title" className="fw-bold">
              Acknowledgments
            </h2>
            <p>
              A word game is only as good as its words. Ours owe a huge debt to{' '}
              <a href="https://wordnet.princeton.edu/">WordNet</a>, the lexical database for English created
              at Princeton University. WordNet groups English words into sets of synonyms and links them by
              meaning, and it has been a treasure chest for researchers and word lovers for decades.
            </p>
            <p className="small citation">
              Princeton University &ldquo;About WordNet.&rdquo; WordNet. Princeton University. 2010. Learn
              more at <a href="https://wordnet.princeton.edu/">wordnet.princeton.edu</a>.
            </p>
            <p className="mb-0">
              A heartfelt thank-you as well to our Friends and Family testers, who spent their Demo Money
              bravely and reported every bug with a smile.
            </p>
          </section>

          <section className="col-lg-6" aria-labelledby="hello-title">
            <h2 id="hello-title" className="fw-bold">
              Say hello
            </h2>
            <p>
              Got a favourite word, a brilliant idea or a bug that made you laugh? We would love to hear from
              you. Write to us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or leave a note
              through the <Link to="/#feedback">feedback section on our home page</Link>.
            </p>
            <p className="mb-0">
              Curious about the fine print? Read our <Link to="/terms-of-service">Terms of Service</Link> and{' '}
              <Link to="/privacy-policy">Privacy Policy</Link>.
            </p>
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
