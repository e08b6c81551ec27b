/* Search in the browser, ranked as `carcref search` ranks (src/search/index.rs, query.rs,
 * terms.rs, snippet.rs): tantivy's BM25 over the same fields and weights, each query word a
 * concept whose best alternative counts (typed term with an exact-diacritics bonus, one-typo
 * variants, glossary expansions), glossary phrases, coordination by matched concepts, and
 * the ID bonus. The index (assets/search-index.js) carries the documents' words already
 * analyzed and the texts hits show; queries and shown texts are analyzed here with the
 * shared analyzer. A Rust test checks that both sides rank alike. */
(function (root) {
  'use strict';

  // tantivy's BM25 parameters (query/bm25.rs).
  const K1 = 1.2;
  const B = 0.75;
  const WORD_RUNS = /[\p{Alphabetic}\p{N}]+/gu;
  const SURROGATE = /[\uD800-\uDFFF]/;
  // The Czech prefix of negation, folded (terms.rs NEGATION).
  const NEGATION = 'ne';

  /** Edits between two terms (insertions, deletions, substitutions, adjacent
   * transpositions; optimal string alignment, as tantivy's fuzzy query and strsim count),
   * when at most `max`; otherwise `max + 1`. Rows are dropped as soon as every cell of one
   * exceeds `max`, which keeps a scan of the whole vocabulary fast. */
  function editsUpTo(a, b, max) {
    // Code points, as Rust counts; a string without surrogates is indexed as it is.
    const x = SURROGATE.test(a) ? Array.from(a) : a;
    const y = SURROGATE.test(b) ? Array.from(b) : b;
    if (Math.abs(x.length - y.length) > max) return max + 1;
    let before = null;
    let previous = new Array(y.length + 1);
    for (let j = 0; j <= y.length; j += 1) previous[j] = j;
    for (let i = 1; i <= x.length; i += 1) {
      const row = new Array(y.length + 1);
      row[0] = i;
      let smallest = i;
      for (let j = 1; j <= y.length; j += 1) {
        const cost = x[i - 1] === y[j - 1] ? 0 : 1;
        let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
        if (before !== null && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
          d = Math.min(d, before[j - 2] + 1);
        }
        row[j] = d;
        if (d < smallest) smallest = d;
      }
      // A transposition reaches back two rows, so a row over the limit ends it only when
      // the row before is over it too.
      if (smallest > max && (before === null || Math.min(...previous) > max)) return max + 1;
      before = previous;
      previous = row;
    }
    return Math.min(previous[y.length], max + 1);
  }

  function withinEdits(a, b, max) {
    return a === b || editsUpTo(a, b, max) <= max;
  }

  /** Whether the first hit answers the query (index.rs, Ranked::answers): it explains the
   * term the query names, or it holds most of the query's words, or it matches strongly and
   * holds some, or every word is a word of the texts and it holds a few, or it answers the
   * situation the query describes and holds some. */
  function answers(ranked, s, inGamesWords) {
    const first = ranked.hits[0];
    if (!first) return false;
    return (first.kind === 'p' && explains(ranked.explaining, first.id, first.title, s))
      || ranked.firstShare >= s.answered_min_share
      || (ranked.firstStrength >= s.answered_min_score && ranked.firstShare >= s.answered_strong_min_share)
      || (inGamesWords && ranked.firstShare >= s.answered_known_words_min_share)
      || (ranked.targets.has(first.id) && ranked.firstShare >= s.answered_concept_min_share);
  }

  /** Does the rule part `id` titled `title` explain the term the query names (index.rs
   * explains): the glossary names its section (`id`) or its own subsection (`id#Nadpis`)? */
  function explains(explaining, id, title, s) {
    for (const entry of explaining) if (namesPart(entry, id, title, s)) return true;
    return false;
  }

  /** Does `entry` name the document `id` titled `title`: its section or ruling (`id`), or the
   * subsection it is (`id#Nadpis`) (index.rs names_part)? */
  function namesPart(entry, id, title, s) {
    const hash = entry.indexOf('#');
    return hash < 0 ? entry === id : entry.slice(0, hash) === id && entry.slice(hash + 1).trim() === lastHeading(title, s);
  }

  /** The section or ruling an entry (`id` or `id#Nadpis`) names (corpus.rs part_reference). */
  function sectionOf(entry) {
    const hash = entry.indexOf('#');
    return hash < 0 ? entry : entry.slice(0, hash);
  }

  /** The last heading of a rule part's heading path (index.rs last_heading). */
  function lastHeading(title, s) {
    return title.split(s.heading_separator).pop();
  }

  function idf(docFreq, docCount) {
    return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
  }

  // --- Query parsing: IDs in any form (query.rs) ---
  const PUBLISHERS = [
    ['dized', 'Dized'],
    ['faq', 'FAQ'],
  ];

  function splitLettersDigits(word) {
    const parts = [];
    let current = '';
    for (const c of word.toLowerCase()) {
      const digit = c >= '0' && c <= '9';
      if (current !== '') {
        const last = current[current.length - 1];
        if ((last >= '0' && last <= '9') !== digit) {
          parts.push(current);
          current = '';
        }
      }
      current += c;
    }
    if (current !== '') parts.push(current);
    return parts;
  }

  function idNumber(text, prefixed) {
    if (!/^[0-9]+$/.test(text)) return null;
    const ok = prefixed ? text.length >= 1 && text.length <= 4 : text.length === 4;
    const n = Number(text);
    return ok && n > 0 ? n : null;
  }

  function parseQuery(raw, maxChars) {
    const chars = Array.from(raw.normalize('NFC'));
    const truncated = chars.length > maxChars;
    const query = chars.slice(0, maxChars).join('');
    const words = query.match(WORD_RUNS) || [];
    const parts = [];
    words.forEach((word, index) => {
      for (const text of splitLettersDigits(word)) parts.push({ word: index, text });
    });
    const consumed = parts.map(() => false);
    const ids = [];
    let i = 0;
    while (i < parts.length) {
      const publisher = PUBLISHERS.find(([key]) => parts[i].text === key);
      let j = i + (publisher ? 1 : 0);
      const hasGame = j < parts.length && parts[j].text === 'moc';
      j += hasGame ? 1 : 0;
      const number = j < parts.length ? idNumber(parts[j].text, !!publisher || hasGame) : null;
      if (number !== null) {
        ids.push({ publisher: publisher ? publisher[1] : null, number });
        for (let k = i; k <= j; k += 1) consumed[k] = true;
        i = j + 1;
      } else {
        i += 1;
      }
    }
    const text = words
      .filter((_, index) => !parts.every((p, k) => p.word !== index || consumed[k]))
      .join(' ');
    return { ids, text, truncated, names: names(query) };
  }

  // The marks after which a capital letter opens a sentence rather than a name (query.rs).
  const SENTENCE_OPENERS = ['.', '!', '?', ':', ';', '„', '"', '“'];

  /** The words written as names, capitalised where no sentence opens and not in capitals
   * throughout, lowercased (query.rs names): a name is no typo of one of our words ("Petr" of
   * "pět"). */
  function names(query) {
    const out = [];
    for (const m of query.matchAll(WORD_RUNS)) {
      const before = query.slice(0, m.index).trimEnd();
      const capitalised = /^\p{Uppercase}/u.test(m[0]) && /\p{Lowercase}/u.test(m[0]);
      if (capitalised && before !== '' && !SENTENCE_OPENERS.some((c) => before.endsWith(c))) {
        out.push(m[0].toLowerCase());
      }
    }
    return out;
  }

  function idMatches(ref, sourceId) {
    const parts = sourceId.split('.');
    if (parts.length < 3) return false;
    const number = parts[2];
    if (!/^\+?[0-9]+$/.test(number) || Number(number) > 65535) return false;
    return (
      Number(number) === ref.number &&
      (ref.publisher === null || ref.publisher.toLowerCase() === parts[0].toLowerCase())
    );
  }

  function createSearch(index, analyzer) {
    const s = index.scoring;
    const weights = s.fields;
    const nFields = weights.length;
    const docs = index.docs;
    const N = docs.length;
    // Each search term of the list of what we do not cover: the index carries the exact term
    // alone, whose folding is the folded one (not_covered.rs ListedTerms).
    const notCoveredTerms = index.not_covered.terms.map(([exact, written, entry, mentioned]) => ({
      folded: analyzer.foldWord(exact),
      exact,
      written,
      entry,
      mentioned,
    }));
    // Each ruling or other game's section that restates a rule of the base game, with the base
    // game's part stating it, as [restating, part] documents (index.rs restated_ordinals).
    const restated = s.restated
      .map((r) => {
        const kind = r.restating_section ? 'p' : 'v';
        const restating = docs.findIndex((d) => d.k === kind && d.id === r.restating);
        const part = docs.findIndex(
          (d) =>
            d.k === 'p' &&
            d.id === r.section &&
            (r.heading === null || (lastHeading(d.t, s) === r.heading && d.t.includes(s.heading_separator))),
        );
        return [restating, part];
      })
      .filter(([restating, part]) => restating >= 0 && part >= 0);

    // fieldnorm_to_id then id_to_fieldnorm: the field length as tantivy stores it (lossy).
    function storedLength(length) {
      const table = s.fieldnorms;
      let lo = 0;
      let hi = table.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (table[mid] <= length) lo = mid;
        else hi = mid - 1;
      }
      return table[lo];
    }

    // The word table: each form as written (lowercase) with its folded and exact terms,
    // analyzed when the site was built by the CLI's own analyzer (site/search.rs).
    const table = index.words.map(([written, term, exactTerm]) => ({
      written,
      folded: term,
      exact: exactTerm === undefined ? term : exactTerm,
    }));
    // Postings per field: term → Map(doc → frequency), for folded and exact terms.
    const folded = [];
    const exact = [];
    const lengths = [];
    const average = [];
    for (let f = 0; f < nFields; f += 1) {
      folded.push(new Map());
      exact.push(new Map());
      lengths.push(new Array(N));
    }
    const docTerms = docs.map(() => new Set());
    const add = (postings, term, doc) => {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = new Map()));
      list.set(doc, (list.get(doc) || 0) + 1);
    };
    for (let f = 0; f < nFields; f += 1) {
      let total = 0;
      docs.forEach((doc, d) => {
        let count = 0;
        for (const passage of doc.w[f]) {
          for (const i of passage) {
            const word = table[i];
            add(folded[f], word.folded, d);
            add(exact[f], word.exact, d);
            docTerms[d].add(word.folded);
          }
          count += passage.length;
        }
        lengths[f][d] = storedLength(count);
        total += count;
      });
      average.push(total / N);
    }
    // How many documents hold each folded term (for rarity), and every term once.
    const docFreq = new Map();
    for (const have of docTerms) for (const t of have) docFreq.set(t, (docFreq.get(t) || 0) + 1);
    const allTerms = [...docFreq.keys()];
    // What only some queries need is set up when first asked for, so that the search is
    // ready sooner after the page loads.
    const once = (make) => {
      let made = null;
      return () => made || (made = make());
    };
    // The folded terms of each passage: a line of a field that runs as sentences
    // (index.rs passages).
    const passagesOf = docs.map((doc) =>
      once(() =>
        doc.w.flatMap((passages, f) =>
          s.passage_fields[f] ? passages.map((p) => p.map((i) => table[i].folded)) : [],
        ),
      ),
    );
    // Every word of the documents, folded (not stemmed), with how it is first written and its
    // term: for suggestions (index.rs Meta::words). The table is in the order first met.
    const vocabulary = once(() => {
      const words = new Map();
      for (const word of table) {
        const key = analyzer.foldWord(word.written);
        if (!words.has(key)) words.set(key, [word.written, word.folded]);
      }
      return { words, sorted: [...words.keys()].sort() };
    });
    // The document terms within a query word's typos, found once per word and typo count.
    const neighbours = new Map();
    function withinTypos(w) {
      const key = `${w.typos} ${w.folded}`;
      let near = neighbours.get(key);
      if (!near) {
        if (neighbours.size > 2000) neighbours.clear();
        near = new Set(w.typos > 0 ? allTerms.filter((t) => withinEdits(w.folded, t, w.typos)) : []);
        neighbours.set(key, near);
      }
      return near;
    }
    // Filters are scored terms too: a Must clause adds its BM25 score (term frequency 1;
    // the field's length is its number of values: 1 game, a ruling's levels).
    const filterScore = (count, length, totalTokens) => {
      const avg = totalTokens / N;
      return (idf(count, N) * (1 + K1)) / (1 + K1 * (1 - B + (B * storedLength(length)) / avg));
    };
    const levelTokens = docs.reduce((sum, d) => sum + (d.levels ? d.levels.length : 0), 0);

    // Glossary groups → which groups each term belongs to (terms.rs Expansions).
    const groups = index.glossary.map((g) => ({ single: g.single, phrases: g.phrases, sections: g.sections || [] }));
    const byTerm = new Map();
    groups.forEach((g, gi) => {
      for (const term of [...g.single, ...g.phrases.flat()]) {
        const list = byTerm.get(term) || [];
        if (!list.includes(gi)) list.push(gi);
        byTerm.set(term, list);
      }
    });
    function expand(word) {
      const out = new Set();
      for (const gi of byTerm.get(word) || []) {
        if (groups[gi].single.includes(word)) groups[gi].single.forEach((t) => out.add(t));
      }
      return [...out].sort();
    }
    function phrasesIn(typed) {
      const candidates = new Set();
      for (const t of typed) for (const gi of byTerm.get(t) || []) candidates.add(gi);
      return [...candidates]
        .sort((a, b) => a - b)
        .map((gi) => groups[gi])
        .filter((g) => g.phrases.some((p) => p.every((t) => typed.has(t))))
        .map((g) => [...g.phrases, ...g.single.map((t) => [t])]);
    }

    function queryTerms(text) {
      const normalized = text.split(/\s+/).filter(Boolean).join(' ');
      const words = [];
      const readings = [];
      for (const typed of analyzer.analyzeQuery(normalized)) {
        // "není hotový" reads as "nehotový" when the glossary knows it (terms.rs QueryTerms::new).
        let token = typed;
        if (analyzer.negatedAt(normalized, typed.start)) {
          const negation = analyzer.analyzeQuery(NEGATION + typed.word.toLowerCase())[0];
          if (negation && byTerm.has(negation.folded)) token = negation;
        }
        const word = {
          folded: token.folded,
          exact: token.exact,
          typos:
            Array.from(typed.word).length >= s.fuzzy_min_letters &&
            Array.from(token.folded).length >= 4
              ? 1
              : 0,
          expansions: [],
          suggested: null,
          times: 1,
        };
        const again = words.find((w) => w.folded === word.folded);
        if (again) {
          again.times += 1;
        } else {
          words.push(word);
          readings.push(analyzer.readings(token.word));
        }
      }
      const typed = new Set(words.map((w) => w.folded));
      // A word typed without diacritics also looks for each word it may stand for.
      words.forEach((word, i) => {
        const all = new Set();
        for (const term of [word.folded, ...readings[i]]) {
          all.add(term);
          for (const t of expand(term)) all.add(t);
        }
        word.expansions = [...all].filter((t) => !typed.has(t)).sort();
      });
      return { words, phrases: phrasesIn(typed) };
    }

    /** Is `term` this query word, one of its expansions or its suggestion (terms.rs
     * QueryWord::stands_for)? */
    function standsFor(w, term) {
      return w.folded === term || w.expansions.includes(term) || w.suggested === term;
    }

    function matchesTerm(terms, term) {
      return (
        terms.words.some(
          (w) => standsFor(w, term) || (w.typos > 0 && withinTypos(w).has(term)),
        ) || terms.phrases.some((alts) => alts.some((words) => words.includes(term)))
      );
    }

    function holdsAny(have, terms) {
      for (const t of terms) if (have.has(t)) return true;
      return false;
    }

    function conceptsMatched(terms, d) {
      return conceptsHeld(terms, docTerms[d]);
    }

    /** Which of the query's concepts a set of folded terms holds (terms.rs concepts_matched). */
    function conceptsHeld(terms, have) {
      const words = terms.words.map(
        (w) =>
          have.has(w.folded) ||
          w.expansions.some((e) => have.has(e)) ||
          (w.suggested !== null && have.has(w.suggested)) ||
          holdsAny(have, withinTypos(w)),
      );
      const phrases = terms.phrases.map((alts) =>
        alts.some((words) => words.every((t) => have.has(t))),
      );
      return words.concat(phrases);
    }

    /** The terms that only frame a question about a term: the games' names and the word for
     * "game" (index.rs SearchIndex::frame_terms). */
    const frameTerms = analyzer
      .analyze(s.game_word)
      .map((t) => t.folded)
      .concat(s.game_names.map(([term]) => term));

    /** Does the section's title or the last heading of a rule part's title name exactly the
     * query's words (index.rs heading_names)? Each heading's terms are worked out once per page,
     * framed as the query's words are: "Karty dárků" names "karty dárků". */
    const headingTerms = new Map();
    function headingNames(asked, title) {
      return [title.split(s.heading_separator)[0], lastHeading(title, s)].some((heading) => {
        if (!headingTerms.has(heading)) {
          const all = analyzer.analyze(heading).map((t) => t.folded);
          const unframed = all.filter((t) => !frameTerms.includes(t));
          headingTerms.set(heading, unframed.length > 0 ? unframed : all);
        }
        const terms = headingTerms.get(heading);
        return (
          terms.length > 0 &&
          asked.every((w) => terms.some((t) => standsFor(w, t))) &&
          terms.every((t) => asked.some((w) => standsFor(w, t)))
        );
      });
    }

    /** The words that call a title a box (not_covered.rs BOX_WORDS). */
    const boxTerms = analyzer.analyze(s.box_words).map((t) => t.folded);

    /** The query's words but those that only frame it (frameTerms); all of them when that
     * leaves none. */
    function askedWords(terms) {
      const asked = terms.words.filter((w) => !frameTerms.some((t) => standsFor(w, t)));
      return asked.length > 0 ? asked : terms.words;
    }

    /** A query word's term, glossary expansions and suggestion (terms.rs QueryWord::forms). */
    function formsOf(w) {
      return [w.folded, ...w.expansions, ...(w.suggested === null ? [] : [w.suggested])];
    }

    /** Whether some document holds each of the query's words (index.rs holds_every_word). */
    function holdsEveryWord(terms) {
      return terms.words.every((w) => formsOf(w).some((f) => docFreq.has(f)));
    }

    /** How rare the commonest of a word's forms is among the documents (index.rs rarity). */
    function rarity(forms) {
      let df = 0;
      for (const form of forms) df = Math.max(df, docFreq.get(form) || 0);
      return Math.fround(Math.log(Math.fround(1 + Math.fround(Math.fround(N - df + 0.5) / Math.fround(df + 0.5)))));
    }

    /** Whether a query word names this game: a document of the game holds it (index.rs
     * names_game). */
    function namesGame(term, game) {
      return s.game_names.some(([named, of]) => named === term && of === game);
    }

    /** How many of the query's words a set of folded terms holds (terms.rs words_held). */
    function wordsHeld(terms, have) {
      return conceptsHeld(terms, have).slice(0, terms.words.length).filter(Boolean).length;
    }

    /** The share of the query's words a document holds, each weighed by its rarity, a word
     * naming the document's game held by it (terms.rs share_matched). */
    function shareMatched(terms, d) {
      const matched = conceptsMatched(terms, d);
      const phrases = matched.slice(terms.words.length);
      const inMatchedPhrase = (term) =>
        terms.phrases.some((alts, i) => phrases[i] && alts.some((words) => words.includes(term)));
      let held = 0;
      let all = 0;
      terms.words.forEach((w, i) => {
        const weight = rarity(formsOf(w));
        all = Math.fround(all + weight);
        if (matched[i] || inMatchedPhrase(w.folded) || formsOf(w).some((f) => namesGame(f, docs[d].game))) {
          held = Math.fround(held + weight);
        }
      });
      return all > 0 ? Math.fround(held / all) : 0;
    }

    /** How much a document gains as the query's words stand together (index.rs
     * proximity_factor). */
    function proximityFactor(terms, d) {
      return 1 + s.proximity_weight * shareOfPairsNear(terms, d);
    }

    /** The share of the pairs of query words standing within `near_terms` terms of each
     * other in one of the document's passages (terms.rs share_of_pairs_near). */
    function shareOfPairsNear(terms, d) {
      const n = terms.words.length;
      if (n < 2) return 0;
      const known = new Map();
      const wordsOf = (term) => {
        let out = known.get(term);
        if (out) return out;
        out = [];
        terms.words.forEach((w, i) => {
          if (standsFor(w, term)) out.push(i);
        });
        known.set(term, out);
        return out;
      };
      const near = new Set();
      for (const passage of passagesOf[d]()) {
        const wordsAt = passage.map(wordsOf);
        for (let i = 0; i < wordsAt.length; i += 1) {
          for (let j = i + 1; j <= i + s.near_terms && j < wordsAt.length; j += 1) {
            for (const a of wordsAt[i]) {
              for (const b of wordsAt[j]) {
                if (a !== b) near.add(Math.min(a, b) * n + Math.max(a, b));
              }
            }
          }
        }
      }
      return near.size / ((n * (n - 1)) / 2);
    }

    function bm25(postings, f, term, into, boost) {
      const list = postings[f].get(term);
      if (!list) return;
      const weight = idf(list.size, N) * (1 + K1) * boost;
      for (const [d, tf] of list) {
        const norm = K1 * (1 - B + (B * lengths[f][d]) / average[f]);
        into.set(d, (into.get(d) || 0) + (weight * tf) / (tf + norm));
      }
    }

    // One typed word over all fields: folded terms, plus exact terms when given.
    function overFields(term, exactTerm, boost) {
      const scores = new Map();
      for (let f = 0; f < nFields; f += 1) {
        bm25(folded, f, term, scores, weights[f] * boost);
        if (exactTerm !== null) bm25(exact, f, exactTerm, scores, weights[f] * s.exact_bonus * boost);
      }
      return scores;
    }

    // FuzzyTermQuery scores a constant (its boost) per field with a term close enough.
    function fuzzyOverFields(word, boost) {
      const scores = new Map();
      const near = withinTypos(word);
      for (let f = 0; f < nFields; f += 1) {
        const docsHit = new Set();
        for (const candidate of near) {
          const list = folded[f].get(candidate);
          if (list) for (const d of list.keys()) docsHit.add(d);
        }
        for (const d of docsHit) scores.set(d, (scores.get(d) || 0) + weights[f] * boost);
      }
      return scores;
    }

    function disjunctionMax(alternatives, into) {
      const best = new Map();
      const sum = new Map();
      for (const alt of alternatives) {
        for (const [d, score] of alt) {
          best.set(d, Math.max(best.get(d) || 0, score));
          sum.set(d, (sum.get(d) || 0) + score);
        }
      }
      for (const [d, max] of best) {
        into.set(d, (into.get(d) || 0) + max + (sum.get(d) - max) * s.tie_breaker);
      }
    }

    function textScores(terms, options) {
      const scores = new Map();
      for (const word of terms.words) {
        const alternatives = [overFields(word.folded, word.exact, 1)];
        if (word.typos > 0) {
          alternatives.push(fuzzyOverFields(word, s.fuzzy_weight));
        }
        // A word no document has also searches the suggested one (terms.rs QueryWord::suggested).
        if (word.suggested !== null) alternatives.push(overFields(word.suggested, null, s.fuzzy_weight));
        for (const e of word.expansions) alternatives.push(overFields(e, null, s.expansion_weight));
        // A word of another box our texts mention counts more, a word only of our game's title
        // less (index.rs MENTIONED_WORD_WEIGHT, TITLE_WORD_WEIGHT).
        let weight = 1;
        if (mentions(word)) weight = s.mentioned_word_weight;
        else if (word.inTitle) weight = s.title_word_weight;
        const wordScores = new Map();
        disjunctionMax(alternatives, wordScores);
        for (const [d, v] of wordScores) scores.set(d, (scores.get(d) || 0) + v * weight);
      }
      for (const alts of terms.phrases) {
        const alternatives = alts.map((words) => {
          const total = new Map();
          for (const w of words) {
            for (const [d, v] of overFields(w, null, s.expansion_weight)) {
              total.set(d, (total.get(d) || 0) + v);
            }
          }
          return total;
        });
        disjunctionMax(alternatives, scores);
      }
      const gameCount = options.game ? docs.filter((d) => d.game === options.game).length : 0;
      const levelCount = options.level
        ? docs.filter((d) => (d.levels || []).includes(options.level)).length
        : 0;
      for (const d of [...scores.keys()]) {
        const doc = docs[d];
        if (options.game && doc.game !== options.game) scores.delete(d);
        else if (options.level && !(doc.levels || []).includes(options.level)) scores.delete(d);
        else {
          let extra = 0;
          if (options.game) extra += filterScore(gameCount, 1, N);
          if (options.level) extra += filterScore(levelCount, doc.levels.length, levelTokens);
          scores.set(d, scores.get(d) + extra);
        }
      }
      return scores;
    }

    /** A passage around the matched words, as [text, matched] pieces (snippet.rs). */
    // A shown text's tokens and words, kept: the same hits come back keystroke after keystroke.
    const shownTexts = new Map();
    function shownText(rawText) {
      let shown = shownTexts.get(rawText);
      if (shown) return shown;
      const text = rawText.split(/\s+/).filter(Boolean).join(' ');
      const words = [];
      let start = null;
      for (let i = 0; i < text.length; i += 1) {
        if (text[i] !== ' ' && start === null) start = i;
        else if (text[i] === ' ' && start !== null) {
          words.push([start, i]);
          start = null;
        }
      }
      if (start !== null) words.push([start, text.length]);
      const tokens = analyzer.analyze(text);
      // Which word each token falls in (tokens and words both run left to right).
      let w = 0;
      const wordOfToken = tokens.map((t) => {
        while (w < words.length && words[w][1] <= t.start) w += 1;
        return w < words.length && t.start >= words[w][0] ? w : -1;
      });
      shown = { text, tokens, words, wordOfToken };
      shownTexts.set(rawText, shown);
      return shown;
    }

    function snippet(rawText, terms, conceptWords) {
      const { text, tokens, words, wordOfToken } = shownText(rawText);
      const hits = tokens.map((t) => matchesTerm(terms, t.folded));
      if (words.length === 0) return [];
      // Which query word each token in a word stands for, or which word of a described
      // concept's question it holds (snippet.rs).
      const matchedInWord = words.map(() => []);
      const conceptWordInWord = words.map(() => null);
      tokens.forEach((t, i) => {
        const w = wordOfToken[i];
        if (w < 0) return;
        if (hits[i]) matchedInWord[w].push(conceptOf(terms, t.folded));
        else if (conceptWords.includes(t.folded)) conceptWordInWord[w] = t.folded;
      });
      // The words that give an amount, when the query asks how many (snippet.rs).
      const amountWord = foldedWord(s.amount_question);
      const asked = terms.words.some((word) => word.folded === amountWord) ? amountWord : null;
      const amountInWord = words.map(() => false);
      if (asked !== null) {
        const none = s.no_amount.map(foldedWord);
        tokens.forEach((t, i) => {
          const digits = /^[0-9]+$/.test(t.folded);
          if ((digits || none.includes(t.folded)) && wordOfToken[i] >= 0) amountInWord[wordOfToken[i]] = true;
        });
      }
      const marks = { matched: matchedInWord, conceptWords: conceptWordInWord, asked, amount: amountInWord };
      const [sentenceStart, sentenceEnd] = bestSentence(text, words, marks);
      const window = Math.min(s.window_words, words.length);
      let lastHit = sentenceStart;
      for (let w = sentenceEnd - 1; w >= sentenceStart; w -= 1) {
        if (matchedInWord[w].length > 0 || conceptWordInWord[w] !== null) {
          lastHit = w;
          break;
        }
      }
      const best = lastHit >= sentenceStart + window ? lastHit + 1 - window : sentenceStart;
      const bestEnd = Math.min(best + window, words.length);
      const from = words[best][0];
      const to = words[bestEnd - 1][1];
      const segments = [];
      if (best > 0) segments.push(['… ', false]);
      let cursor = from;
      tokens.forEach((t, i) => {
        if (!hits[i] || t.start < from || t.end > to) return;
        if (t.start > cursor) segments.push([text.slice(cursor, t.start), false]);
        segments.push([text.slice(t.start, t.end), true]);
        cursor = t.end;
      });
      if (cursor < to) segments.push([text.slice(cursor, to), false]);
      if (bestEnd < words.length) segments.push([' …', false]);
      return segments;
    }

    /** A word's first term (snippet.rs folded_word). */
    function foldedWord(word) {
      const tokens = analyzer.analyze(word);
      return tokens.length > 0 ? tokens[0].folded : null;
    }

    /** The query word a matching document term stands for (terms.rs concept_of). */
    function conceptOf(terms, folded) {
      const word = terms.words.find((w) => standsFor(w, folded));
      return word ? word.folded : folded;
    }

    /** The sentence holding the most different query words, then words of the described
     * concepts' questions (snippet.rs best_sentence). */
    function bestSentence(text, words, marks) {
      const sentences = [];
      let start = 0;
      words.forEach(([a, b], i) => {
        const word = text.slice(a, b);
        if (word === '•' && i > start) {
          sentences.push([start, i]);
          start = i;
        }
        if (/[.!?]$/.test(word)) {
          sentences.push([start, i + 1]);
          start = i + 1;
        }
      });
      if (start < words.length) sentences.push([start, words.length]);
      let best = [0, words.length];
      let bestScore = null;
      for (const [from, to] of sentences) {
        const concepts = marks.matched.slice(from, to).flat();
        const distinct = new Set(concepts);
        const givesAmount =
          marks.asked !== null && !distinct.has(marks.asked) && marks.amount.slice(from, to).some(Boolean);
        const described = new Set(marks.conceptWords.slice(from, to).filter((w) => w !== null));
        const score = [distinct.size + (givesAmount ? 1 : 0), described.size, concepts.length];
        // The first sentence wins a tie: only a greater score, compared key by key, replaces it.
        const differs = bestScore === null ? -1 : score.findIndex((v, k) => v !== bestScore[k]);
        if (bestScore === null || (differs >= 0 && score[differs] > bestScore[differs])) {
          bestScore = score;
          best = [from, to];
        }
      }
      return best;
    }

    /** Ranked hits for a query; options: {game, level, limit}. */
    // The one level the query names, if any (query.rs level_of).
    function levelOf(text) {
      const folded = text.split(' ').map((w) => analyzer.foldWord(w));
      const withLevelWord = folded.some((w) => analyzer.isLevelWord(w));
      const levels = new Set();
      for (const w of folded) {
        const noun = analyzer.numeralNounLevel(w);
        if (noun !== null) {
          levels.add(noun);
          continue;
        }
        if (!withLevelWord) continue;
        const digits = /^[0-9]+$/.test(w) ? Number(w) : null;
        if (digits !== null && digits >= 1 && digits <= s.max_level) levels.add(digits);
        else if (digits === null) {
          const ordinal = analyzer.ordinalLevel(w, false);
          if (ordinal !== null && ordinal <= s.max_level) levels.add(ordinal);
          else if (analyzer.isLastWord(w, false)) levels.add(s.max_level);
        }
      }
      return levels.size === 1 ? [...levels][0] : null;
    }

    /** A level past the last one, in digits or as an ordinal, right before or after a level
     * word ("úroveň 7", "sedmá úroveň"): something no game has (query.rs past_last_level). */
    function pastLastLevel(text) {
      const folded = text.split(' ').map((w) => analyzer.foldWord(w));
      const besideLevelWord = (i) =>
        [i - 1, i + 1].some((j) => j >= 0 && j < folded.length && analyzer.isLevelWord(folded[j]));
      return folded.some((w, i) => {
        const number = /^[0-9]+$/.test(w) ? Number(w) : analyzer.ordinalLevel(w, false);
        return (
          number !== null && number > s.max_level && number <= s.past_levels_named && besideLevelWord(i)
        );
      });
    }

    function search(raw, options) {
      const opts = Object.assign({ game: null, level: null, limit: 10 }, options || {});
      const parsed = parseQuery(raw, s.max_query_chars);
      let terms = queryTerms(parsed.text);
      const namedLevel = levelOf(parsed.text);
      // The ordinal of a named level also matches its number (terms.rs ordinals_as_digits).
      if (namedLevel !== null) {
        for (const word of terms.words) {
          const digits = String(namedLevel);
          const namesIt =
            analyzer.ordinalLevel(word.folded, true) === namedLevel ||
            (namedLevel === s.max_level && analyzer.isLastWord(word.folded, true));
          if (namesIt && !word.expansions.includes(digits)) {
            word.expansions.push(digits);
          }
        }
      }
      const own = raw.trim().toLowerCase();
      const named = new Set(
        docs
          .filter(
            (d) =>
              d.k === 'v' &&
              (d.id === own || (d.sid && parsed.ids.some((ref) => idMatches(ref, d.sid)))),
          )
          .map((d) => d.id),
      );
      const namedSection = docs.findIndex((d) => d.k === 'p' && d.id === raw.trim());
      if (terms.words.length === 0 && named.size === 0 && namedSection < 0) {
        return {
          hits: [],
          nothingToSearch: true,
          truncated: parsed.truncated,
          relaxed: false,
          suggestions: [],
          answered: false,
          notCovered: [],
        };
      }
      // A query that is one of our own ids ("dzh-hrbitov") has no misspelt words.
      const namesOwnId = namedSection >= 0 || named.has(own);
      const suggested = namesOwnId ? [] : suggestions(parsed.text, parsed.names);
      for (const [, term, typedTerm, typos] of suggested) {
        for (const word of terms.words) {
          if (word.folded === typedTerm && typos <= word.typos) word.suggested = term;
        }
      }
      // The words of everyday life ("u kafe", "kocour") are set aside, and a lead-in's ("vyplatí
      // se") when a sentence of the query as typed asks apart from it: what is left is the
      // question, if it is one of ours (index.rs set_the_scene_aside).
      // The query's tokens as typed, read once for the titles of our games and of the boxes we
      // do not cover.
      const normalized = parsed.text.normalize('NFC');
      const typed = { text: normalized, tokens: analyzer.analyzeQuery(normalized) };
      const held = heldTitles(typed);
      const titledAll = titledGames(held);
      const titled = titledAll.length === 1 ? titledAll[0] : null;
      markTitleWords(terms, held);
      const apart = askedApart(raw);
      const allTerms = terms;
      const scene = { words: terms.words.filter((w) => !setsTheScene(w, apart)), phrases: terms.phrases };
      if (scene.words.length > 0) terms = scene;
      const what = whatTheQueryNames(terms, named, namedSection, namedLevel, titled);
      let ranked = rankedHits(terms, what, opts);
      const relaxed = ranked.hits.length === 0 && terms.words.length > 0;
      if (relaxed) {
        const looser = relax(
          terms,
          suggested.map((x) => x[1]),
        );
        ranked = rankedHits(looser, what, opts);
      }
      const leading = ranked.ordinals.slice(0, s.leading_hits);
      // The concept patterns the query holds of the first result's: a situation it answers
      // (index.rs DESCRIBED_SITUATION_MIN_SHARE).
      const first = ranked.hits[0];
      const described =
        first !== undefined && ranked.firstShare >= s.described_situation_min_share
          ? conceptPatternsHeld(terms, first.id)
          : [];
      const answered = !relaxed && answers(ranked, s, holdsEveryWord(terms));
      const firstHolds = ranked.ordinals.length > 0 ? wordsHeld(terms, docTerms[ranked.ordinals[0]]) : 0;
      const restAnswered = answered && firstHolds >= s.setting_rest_min_held;
      const notCovered = notCoveredSentences(
        typed,
        allTerms,
        leading,
        described,
        restAnswered,
        apart && answered,
      );
      notCovered.push(...uncombinedSentences(namedGames(terms, titledAll)));
      if (pastLastLevel(parsed.text) && index.not_covered.past_last_level !== null) {
        notCovered.push(index.not_covered.past_last_level);
      }
      if (notCovered.length === 0) notCovered.push(...reasonSentence(parsed.text, first));
      return {
        hits: ranked.hits,
        nothingToSearch: false,
        truncated: parsed.truncated,
        relaxed,
        suggestions: suggested.filter((x) => x[4]).map((x) => x[0]),
        // The first result answers the query directly (index.rs SearchResults::answered).
        answered: answered && notCovered.length === 0,
        notCovered,
      };
    }

    /** The query searched more loosely when nothing matched (terms.rs QueryTerms::relaxed). */
    function relax(terms, suggestedTerms) {
      const words = terms.words.map((w) => {
        const letters = Array.from(w.folded).length;
        const typos = letters >= s.relaxed_min_letters ? 2 : letters >= 4 ? 1 : 0;
        return Object.assign({}, w, { typos });
      });
      const phrases = terms.phrases.slice();
      if (suggestedTerms.length > 0) phrases.push(suggestedTerms.map((t) => [t]));
      return { words, phrases };
    }

    /** Whether the query writes `term` inside a glossary phrase whose group our texts hold
     * (not_covered.rs in_phrase_of_ours). */
    function inPhraseOfOurs(terms, term) {
      return terms.phrases.some(
        (alternatives) =>
          alternatives.some((p) => p.length > 1 && p.includes(term)) &&
          alternatives.some((p) => p.some((t) => docFreq.has(t))),
      );
    }

    /** Whether the query holds a term of each of the pattern's places as often as the pattern
     * names the place (not_covered.rs holds_pattern). */
    function holdsPattern(terms, places) {
      const same = (a, b) => a.length === b.length && a.every((t, i) => t === b[i]);
      return places.every((place) => {
        const wanted = places.filter((p) => same(p, place)).length;
        const written = terms.words
          .filter((w) => place.some((term) => standsFor(w, term)))
          .reduce((n, w) => n + w.times, 0);
        return written >= wanted;
      });
    }

    /** A sentence for the pair of games the query names when our texts never combine them, and
     * no third is named (not_covered.rs uncombined_sentences). */
    function uncombinedSentences(named) {
      return index.not_covered.uncombined
        .filter(([a, b]) => named.size === 2 && named.has(a) && named.has(b))
        .map(([, , sentence]) => sentence);
    }

    /** The topic of reasons' sentence for a why-question whose first result's snippet gives no
     * reason (not_covered.rs reason_sentence). */
    function reasonSentence(text, first) {
      const sentence = index.not_covered.reasons;
      if (sentence === null || !analyzer.asksForAReason(text)) return [];
      const snippetText = first === undefined ? '' : first.snippet.map(([piece]) => piece).join('');
      return first !== undefined && analyzer.givesAReason(snippetText) ? [] : [sentence];
    }

    /** Whether a query word belongs to a topic of everyday life, or to a lead-in topic when the
     * query asks apart from it, and cannot be read as a word of our texts ("není hotový" is
     * no hotel; not_covered.rs sets_the_scene). */
    function setsTheScene(w, apart) {
      return !readAsOurs(w) && notCoveredTerms.some((listed) => scenery(listed.entry, apart) && namedBy(listed, w));
    }

    /** Whether the query asks in a sentence of its own, with enough words besides a lead-in
     * topic's and none of a topic that only leads in apart (not_covered.rs asked_apart). */
    function askedApart(text) {
      const nc = index.not_covered;
      const leadsIn = (term, inside) =>
        notCoveredTerms.some(
          (listed) => nc.lead_in[listed.entry] && (inside || !nc.after_the_fact[listed.entry]) && namedBy(listed, term),
        );
      return analyzer.questionSentences(text).some((sentence) => {
        const found = analyzer.analyzeQuery(sentence);
        const rest = found.filter((t) => !leadsIn(t, true));
        return (
          (rest.length >= s.lead_in_rest_min_terms || analyzer.holdsAModal(sentence)) &&
          !found.some((t) => leadsIn(t, false))
        );
      });
    }

    /** Whether an entry's words are only the scene of this query (not_covered.rs scenery). */
    function scenery(entry, apart) {
      return index.not_covered.setting[entry] || (apart && index.not_covered.lead_in[entry]);
    }

    /** Whether a query word may also be read as a word of our texts (not_covered.rs
     * read_as_ours). */
    function readAsOurs(w) {
      return w.expansions.some((e) => docFreq.has(e));
    }

    /** Whether a query word is a word of another box that our texts mention (not_covered.rs
     * `mentions`). */
    function mentions(w) {
      return notCoveredTerms.some((listed) => listed.mentioned && namedBy(listed, w));
    }

    /** A listed term or its negation (not_covered.rs is_or_negates). */
    function isOrNegates(term, listed) {
      return term === listed || term === NEGATION + listed;
    }

    /** Whether a query word is a listed word or its negation, each letter typed with a
     * diacritic standing in the listed word too (not_covered.rs ListedTerm::named_by). */
    function namedBy(listed, w) {
      const typed = Array.from(w.exact).reverse();
      const other = Array.from(listed.exact).reverse();
      const agree = typed.every((c, i) => i >= other.length || c === other[i] || c.charCodeAt(0) < 128);
      return isOrNegates(w.folded, listed.folded) && agree;
    }

    /** A sentence for each game carcref does not cover that the query names by title or that
     * a query word belongs to; a word our texts mention unless a passage of one of `leading`,
     * the first results, holds it with `mentioned_rest_min_share` of the query's other words
     * (but boxTerms);
     * none for a word that may also be read as a word of our texts (not_covered.rs
     * NotCoveredTable::sentences). */
    function notCoveredSentences(typed, terms, leading, described, restAnswered, answeredApart) {
      const rest = {
        words: terms.words.filter(
          (w) => !notCoveredTerms.some((listed) => namedBy(listed, w)) && !boxTerms.some((t) => standsFor(w, t)),
        ),
        phrases: terms.phrases,
      };
      const answered = (term) =>
        leading.some((d) =>
          passagesOf[d]().some((passage) => {
            const have = new Set(passage);
            const held = wordsHeld(rest, have);
            return have.has(term) && held > 0 && held >= Math.fround(s.mentioned_rest_min_share * rest.words.length);
          }),
        );
      const titled = new Set(
        index.not_covered.titles.filter(([title]) => holdsTitle(title, typed.text, typed.tokens)).map(([, e]) => e),
      );
      const out = [];
      index.not_covered.tails.forEach((tail, entry) => {
        // A box the query names by title (not_covered.rs).
        if (titled.has(entry)) {
          out.push(index.not_covered.titled[entry]);
          return;
        }
        // A word of the box our texts answer names the box for its other words too
        // (not_covered.rs).
        const boxAnswered = notCoveredTerms.some(
          (listed) =>
            listed.entry === entry &&
            listed.mentioned &&
            terms.words.some((w) => namedBy(listed, w)) &&
            answered(listed.folded),
        );
        const words = [];
        for (const w of terms.words) {
          // A word that may also be read as a word of our texts is not the other box's, nor
          // one inside a glossary phrase of ours ("rozbořená věž"; not_covered.rs).
          if (readAsOurs(w)) continue;
          if (inPhraseOfOurs(terms, w.folded)) continue;
          const found = notCoveredTerms.find(
            (listed) =>
              listed.entry === entry &&
              namedBy(listed, w) &&
              !(listed.mentioned && boxAnswered) &&
              !(restAnswered && index.not_covered.setting[entry]) &&
              !(answeredApart && index.not_covered.lead_in[entry]),
          );
          if (found) words.push(`„${found.written}“`);
        }
        if (words.length === 0) {
          // A concept described by a word the pattern does not hold (not_covered.rs `outside`).
          const outside = (p, t) => terms.words.some((w) => standsFor(w, t) && !p.flat().some((q) => standsFor(w, q)));
          const asks = index.not_covered.patterns.some(
            ([p, e]) =>
              e === entry &&
              holdsPattern(terms, p) &&
              (index.not_covered.after_the_fact[entry] || !described.some((c) => c.some((t) => outside(p, t)))),
          );
          if (asks) out.push(index.not_covered.asked[entry]);
          return;
        }
        const listed = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} a ${words[words.length - 1]}`;
        // A phrase ("vyplatí se") is a "výraz" (not_covered.rs listed_noun).
        const phrase = words.some((w) => w.includes(' '));
        const noun = words.length === 1 ? (phrase ? 'Výraz' : 'Slovo') : phrase ? 'Výrazy' : 'Slova';
        out.push(`${noun} ${listed} ${tail}`);
      });
      // A topic listed twice under one title says its sentence once (not_covered.rs).
      return out.filter((sentence, i) => sentence !== out[i - 1]);
    }

    /** "Mysleli jste …?" (index.rs SearchIndex::suggestions): [{typed, suggested}, term,
     * typed word's term, edits apart]. */
    function suggestions(text, names) {
      const out = [];
      for (const token of analyzer.analyzeQuery(text)) {
        // A word that names or hints at a game, that the list of what we do not cover knows
        // (its words, its topics' patterns and its boxes' titles) or that asks is known too:
        // it is not a typo (index.rs).
        const folded = analyzer.foldWord(token.word);
        const known =
          docFreq.has(token.folded) ||
          byTerm.has(token.folded) ||
          s.game_names.concat(s.game_hints).some(([t]) => t === token.folded) ||
          notCoveredTerms.some((listed) => isOrNegates(token.folded, listed.folded)) ||
          index.not_covered.patterns.some(([p]) => p.flat().includes(token.folded)) ||
          index.not_covered.titles.some(([title]) => title.terms.includes(token.folded)) ||
          analyzer.isQuestionWord(folded);
        const aName = names.includes(token.word.toLowerCase());
        if (known || aName || Array.from(folded).length < 3) continue;
        // A word that matches with the typo it is allowed matches something (index.rs).
        const fuzzy =
          Array.from(token.word).length >= s.fuzzy_min_letters &&
          Array.from(token.folded).length >= 4 &&
          allTerms.some((t) => withinEdits(token.folded, t, 1));
        let best = null;
        const mostEdits = Array.from(folded).length >= s.suggestion_two_edits_min_letters ? 2 : 1;
        for (const word of vocabulary().sorted) {
          // The opposite of what was typed is never its typo (terms.rs negates_either).
          if (word === NEGATION + folded || folded === NEGATION + word) continue;
          const distance = editsUpTo(folded, word, mostEdits);
          if (distance <= mostEdits && (best === null || distance < best[0])) best = [distance, word];
        }
        if (best) {
          const typed = token.word.toLowerCase();
          if (!out.some((x) => x[0].typed === typed)) {
            const [display, term] = vocabulary().words.get(best[1]);
            // Searched either way, shown only for a word that matches nothing (index.rs).
            out.push([{ typed, suggested: display }, term, token.folded, best[0], !fuzzy]);
          }
        }
      }
      return out;
    }

    /** The game most query words point to through `words`, each of `also` (the games of
     * one-game concepts the query describes) counting as one more word (index.rs most_pointed). */
    function mostPointed(terms, words, onlyOne, also = []) {
      const counts = new Map();
      for (const game of also) counts.set(game, (counts.get(game) || 0) + 1);
      for (const word of terms.words) {
        const games = new Set();
        for (const [term, game] of words) if (standsFor(word, term)) games.add(game);
        for (const game of games) counts.set(game, (counts.get(game) || 0) + 1);
      }
      if (counts.size === 0) return null;
      const most = Math.max(...counts.values());
      const leading = [...counts].filter(([, n]) => n === most).map(([g]) => g);
      return !onlyOne || (leading.length === 1 && counts.size === 1) ? new Set(leading) : null;
    }

    /** The concepts the query describes: those one of whose patterns it holds whole (index.rs
     * described_concepts). */
    function describedConcepts(terms) {
      return s.concepts.filter((c) => c.patterns.some((p) => holdsWhole(terms, p)));
    }

    /** The documents answering the described concepts, each with how many of them it answers,
     * and the subsections they name; a concept the games the query leans to answer points to
     * their texts only (index.rs concept_targets). */
    function conceptTargets(described, leanedTo) {
      const targets = new Map();
      const parts = new Set();
      for (const c of described) {
        let ids = [...new Set(c.points_to.map(sectionOf))];
        if (ids.some(leanedTo)) ids = ids.filter(leanedTo);
        for (const id of ids) targets.set(id, (targets.get(id) || 0) + 1);
        for (const entry of c.points_to) if (entry.includes('#')) parts.add(entry);
      }
      return [targets, parts];
    }

    /** The question terms of the described concepts that the document `id` titled `title`
     * answers (index.rs answered_concepts). */
    function answeredConcepts(described, id, title) {
      return described.filter((c) => c.points_to.some((t) => namesPart(t, id, title, s))).flatMap((c) => c.question);
    }

    /** The best-scoring candidate part of `doc`'s section that a described concept names as the
     * subsection holding its answer, or null (index.rs part_a_concept_names). */
    function partAConceptNames(conceptParts, ranked, doc) {
      if (doc.k !== 'p' || conceptParts.size === 0) return null;
      const namesIt = (part) => [...conceptParts].some((entry) => namesPart(entry, part.id, part.t, s));
      const found = ranked.find(([o]) => docs[o].k === 'p' && docs[o].id === doc.id && namesIt(docs[o]));
      return found === undefined ? null : found[0];
    }

    /** The patterns the query holds whole of the concepts the document `id` answers (index.rs
     * concept_patterns_held). */
    function conceptPatternsHeld(terms, id) {
      return s.concepts
        .filter((c) => c.points_to.some((t) => sectionOf(t) === id))
        .flatMap((c) => c.patterns)
        .filter((p) => holdsWhole(terms, p));
    }

    /** Whether each term of a (non-empty) concept pattern stands for a word of the query
     * (index.rs holds_whole). */
    function holdsWhole(terms, pattern) {
      return pattern.length > 0 && pattern.every((term) => terms.words.some((w) => standsFor(w, term)));
    }

    /** The sections explaining the glossary term the query names and nothing else (terms.rs
     * Expansions::sections_explaining). */
    function sectionsExplaining(asked, terms) {
      const held = (term) => terms.words.some((w) => standsFor(w, term));
      const out = new Set();
      if (asked.length === 0) return out;
      for (const g of groups) {
        if (g.sections.length === 0) continue;
        const groupTerms = [...g.single, ...g.phrases.flat()];
        const inGroup = asked.every((w) => groupTerms.some((t) => standsFor(w, t)));
        if (inGroup && (g.single.some(held) || g.phrases.some((p) => p.every(held)))) {
          for (const id of g.sections) out.add(id);
        }
      }
      return out;
    }

    /** The letters between two words, folded (index.rs gap_letters). */
    function gapLetters(text) {
      return analyzer.foldWord([...text].filter((c) => /\p{Alphabetic}/u.test(c)).join(''));
    }

    /** The titles of our games the query writes, their words in order with nothing between
     * them but punctuation or the title's own word, read once (index.rs held_titles). */
    function heldTitles(typed) {
      return s.game_titles.filter((title) => holdsTitle(title, typed.text, typed.tokens));
    }

    /** The games of the held titles (index.rs titled_games). */
    function titledGames(held) {
      return held.map((title) => title.game).filter((game, i, games) => game !== games[i - 1]);
    }

    /** Marks the query's words written only in the held titles of our games: they count less
     * as words of what is asked (index.rs mark_title_words). */
    function markTitleWords(terms, held) {
      for (const word of terms.words) {
        const inTitles = held.reduce((n, title) => n + title.terms.filter((t) => t === word.folded).length, 0);
        word.inTitle = inTitles >= word.times;
      }
    }

    /** Whether the query's tokens (of `text`) hold a title: its words in order, with nothing
     * between them but punctuation or the title's own word (title.rs Title::held_by). */
    function holdsTitle(title, text, tokens) {
      const n = title.terms.length;
      for (let i = 0; i + n <= tokens.length; i += 1) {
        const run = tokens.slice(i, i + n);
        const words = run.every((t, j) => t.folded === title.terms[j]);
        const gaps = title.gaps.every((gap, j) => {
          const between = gapLetters(text.slice(run[j].end, run[j + 1].start));
          return between === '' || between === gap;
        });
        if (words && gaps) return true;
      }
      return false;
    }

    /** Every game the query names, by title (`titled`) or by a word of `named_by` (index.rs
     * named_games). */
    function namedGames(terms, titled) {
      const found = new Set(titled);
      for (const [term, game] of s.game_names) {
        if (terms.words.some((w) => standsFor(w, term))) found.add(game);
      }
      return found;
    }

    /** The games the query leans to and how much other games count (index.rs leaning_game):
     * a title names its game unless a word names another game too; a named level hints at
     * the games with levels; a situation only one game has hints at it like a word. An
     * expansion hinted at brings its base game along. */
    function leaningGame(terms, titled, namedLevel, described) {
      let named;
      if (titled !== null) {
        const others = s.game_names.some(([term, of]) => of !== titled && terms.words.some((w) => standsFor(w, term)));
        named = others ? null : new Set([titled]);
      } else {
        named = mostPointed(terms, s.game_names, true);
      }
      if (named !== null) return [named, s.other_game_factor];
      const mechanics = described.filter((c) => c.game).map((c) => c.game);
      let hinted = mostPointed(terms, s.game_hints, false, mechanics);
      if (hinted === null && namedLevel !== null) {
        const withLevels = new Set(docs.filter((doc) => (doc.levels || []).length > 0).map((doc) => doc.game));
        if (withLevels.size > 0) hinted = withLevels;
      }
      return hinted === null ? null : [withBases(hinted), s.hinted_other_game_factor];
    }

    /** The games with the base game of each expansion among them (index.rs with_bases). */
    function withBases(games) {
      const all = new Set(games);
      for (const [expansion, base] of s.expansion_bases) if (games.has(expansion)) all.add(base);
      return all;
    }

    /** The first results all one game's with no one game in view: the best result of another
     * game takes the last of their places if it scores at least `another_game_min_share` of
     * that place's score and `another_game_min_share_of_first` of the first's (index.rs
     * show_another_game). */
    function showAnotherGame(ranked) {
      const lead = s.leading_hits;
      if (ranked.length < lead) return;
      const game = (entry) => docs[entry[0]].game;
      const first = game(ranked[0]);
      if (ranked.slice(0, lead).some((e) => game(e) !== first)) return;
      const floor = Math.max(s.another_game_min_share * ranked[lead - 1][1], s.another_game_min_share_of_first * ranked[0][1]);
      const at = ranked.findIndex((e, i) => i >= lead && game(e) !== first);
      if (at >= 0 && ranked[at][1] >= floor) ranked.splice(lead - 1, 0, ...ranked.splice(at, 1));
    }

    /** What the query names, worked out once from its own terms so that a relaxed search
     * weighs by the same (index.rs Named). */
    function whatTheQueryNames(terms, named, namedSection, namedLevel, titled) {
      const asked = askedWords(terms);
      const described = describedConcepts(terms);
      const leaning = leaningGame(terms, titled, namedLevel, described);
      const leanedTo = (id) => leaning !== null && docs.some((d) => d.id === id && leaning[0].has(d.game));
      const [targets, conceptParts] = conceptTargets(described, leanedTo);
      return {
        named,
        namedSection,
        namedLevel,
        asked,
        explaining: sectionsExplaining(asked, terms),
        described,
        leaning,
        targets,
        conceptParts,
      };
    }

    function rankedHits(terms, what, opts) {
      const { named, namedSection, namedLevel, asked, explaining } = what;
      const { described, leaning, targets, conceptParts } = what;
      let scores = new Map();
      if (terms.words.length > 0) {
        // Every matching document, whatever the limit (index.rs ranked_hits).
        scores = new Map(textScores(terms, opts));
      }
      // Coordination: the squared share of the query's concepts a candidate matches.
      const matched = new Map([...scores.keys()].map((d) => [d, conceptsMatched(terms, d)]));
      const nConcepts = terms.words.length + terms.phrases.length;
      let present = 0;
      for (let i = 0; i < nConcepts; i += 1) {
        if ([...matched.values()].some((m) => m[i])) present += 1;
      }
      if (present > 0) {
        for (const [d, m] of matched) {
          const share = m.filter(Boolean).length / present;
          scores.set(d, scores.get(d) * share * share);
        }
      }
      // The parts explaining the term the query names join at the lowest score (index.rs
      // weigh_what_the_query_names).
      if (explaining.size > 0 && scores.size > 0) {
        const floor = Math.min(...scores.values());
        docs.forEach((doc, d) => {
          if (doc.k === 'p' && explains(explaining, doc.id, doc.t, s) && !scores.has(d)) scores.set(d, floor);
        });
      }
      // Query words next to each other in a passage; rule parts make up for their fewer
      // fields; a named game's documents lead.
      const explainers = [];
      for (const [d, score] of scores) {
        let weighed = score * proximityFactor(terms, d);
        const inNamedGame = leaning === null || leaning[0].has(docs[d].game);
        if (!inNamedGame) weighed *= leaning[1];
        if (docs[d].k === 'p') {
          weighed *= s.rule_part_factor;
          // Another game's part that explains the term does not lead (index.rs).
          const explainsIt = explains(explaining, docs[d].id, docs[d].t, s) || headingNames(asked, docs[d].t);
          if (explainsIt && inNamedGame) {
            weighed *= s.explains_query_factor;
            explainers.push(d);
          }
        }
        scores.set(d, weighed);
      }
      // Those of the game the query leans to lead: each gains the best of the others' scores.
      const others = [...scores].filter(([d]) => !explainers.includes(d)).map(([, v]) => v);
      if (others.length > 0) {
        const best = Math.max(...others);
        for (const d of explainers) scores.set(d, scores.get(d) + best);
      }
      // A named level: documents of other levels weigh less, those of few levels more, and
      // those the level introduces most (index.rs level_factor).
      if (namedLevel !== null) {
        for (const [d, score] of scores) {
          const levels = docs[d].levels || [];
          const introducedHere = levels.length < s.max_level && Math.min(...levels) === namedLevel;
          let factor = s.other_level_factor;
          if (introducedHere) factor = 1 + s.level_focus;
          else if (levels.includes(namedLevel)) factor = 1 + s.level_focus / levels.length;
          scores.set(d, score * factor);
        }
      }
      // A concept the query describes: its documents lead, joining at the lowest score, the
      // more so the more of the described concepts they answer (index.rs CONCEPT_FACTOR).
      if (targets.size > 0 && scores.size > 0) {
        const floor = Math.min(...scores.values());
        docs.forEach((doc, d) => {
          if (!targets.has(doc.id)) return;
          const factor = s.concept_factor * (1 + s.concept_extra_factor * (targets.get(doc.id) - 1));
          scores.set(d, (scores.has(d) ? scores.get(d) : floor) * factor);
        });
      }
      // With no game in view the base game's part leads every text restating its rule; when
      // the query leans to the base game among others, it leads the texts of games out of
      // view (index.rs BASE_RULE_LEAD).
      const leads = (restating, part) =>
        leaning === null || (leaning[0].has(docs[part].game) && !leaning[0].has(docs[restating].game));
      const raised = restated
        .filter(([restating, part]) => scores.has(restating) && leads(restating, part))
        .map(([restating, part]) => [part, scores.get(restating) * s.base_rule_lead]);
      for (const [part, score] of raised) scores.set(part, Math.max(scores.has(part) ? scores.get(part) : 0, score));
      docs.forEach((doc, d) => {
        if ((doc.k === 'v' && named.has(doc.id)) || namedSection === d) {
          scores.set(d, (scores.get(d) || 0) + s.id_bonus);
        }
      });
      const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      // One hit per ruling or section: its best-scoring part, or at that score the part a
      // described concept names is shown, while the part that ranked tells how much of the
      // query it holds; the filters apply to every hit, ID matches included (index.rs,
      // DocInfo::passes).
      const unique = [];
      const rankedPart = new Map();
      for (const entry of ranked) {
        const doc = docs[entry[0]];
        if (opts.game && doc.game !== opts.game) continue;
        if (opts.level && !(doc.levels || []).includes(opts.level)) continue;
        if (unique.some(([o]) => docs[o].k === doc.k && docs[o].id === doc.id)) continue;
        const shown = partAConceptNames(conceptParts, ranked, doc);
        if (shown !== null) rankedPart.set(shown, entry[0]);
        unique.push([shown === null ? entry[0] : shown, entry[1]]);
      }
      if (leaning === null || leaning[0].size > 1) showAnotherGame(unique);
      const hits = [];
      const ordinals = [];
      let firstShare = 0;
      let firstStrength = 0;
      for (const [d, score] of unique) {
        const doc = docs[d];
        if (hits.length === opts.limit) break;
        const measured = rankedPart.has(d) ? rankedPart.get(d) : d;
        ordinals.push(measured);
        if (hits.length === 0) {
          firstShare = score >= s.id_bonus ? 1 : shareMatched(terms, measured);
          // A base-game part states what the texts restating it state (index.rs).
          for (const [restating, part] of restated) {
            if (part === measured) firstShare = Math.max(firstShare, shareMatched(terms, restating));
          }
          firstStrength = score / proximityFactor(terms, measured);
        }
        hits.push({
          kind: doc.k,
          id: doc.id,
          sourceId: doc.sid || null,
          game: doc.game,
          title: doc.t,
          short: doc.k === 'v' ? doc.s || '' : null,
          // The subsection of a rules page this part is under (its best-scoring part stands
          // for the section, so the link opens where the matched words are).
          anchor: doc.a || null,
          snippet: snippet(doc.b, terms, answeredConcepts(described, doc.id, doc.t)),
          score,
        });
      }
      return { hits, ordinals, firstShare, firstStrength, targets, explaining };
    }

    return { search, parseQuery: (q) => parseQuery(q, s.max_query_chars) };
  }

  root.CarcrefSearch = { createSearch };
})(typeof globalThis !== 'undefined' ? globalThis : this);
