/* The Czech analyzer in the browser: the pipeline of src/czech/analyzer.rs over the same
 * tables (czech.json, embedded in the site as assets/czech.js). NFC → runs of letters and
 * digits → lowercase → diacritics folded → stop words dropped → number words as digits → light
 * stemming. Checked word
 * for word against `carcref analyze --vectors` by site/analyzer.test.js. Offsets are UTF-16
 * indices into the analyzed text (the Rust side uses bytes; each side slices its own). */
(function (root) {
  'use strict';

  // Rust's char::is_alphanumeric: Alphabetic or Numeric (Nd, Nl, No).
  const WORD = /[\p{Alphabetic}\p{N}]+/gu;

  function createAnalyzer(tables) {
    const fold = new Map(Object.entries(tables.fold));
    const stopwords = new Set(tables.stopwords);
    const englishStopwords = new Set(tables.english_stopwords);
    const numbers = new Map(Object.entries(tables.numbers));
    const letters = (s) => Array.from(s);
    const group = (g) => ({ min: g.min_letters, suffixes: g.suffixes.map(letters) });
    const caseGroups = tables.case_suffixes.map(group);
    const wholeWords = new Set(tables.whole_words);
    const possessive = [group(tables.possessive_suffixes)];
    const verbGroups = tables.verb_suffixes.map(group);
    const endings = tables.normalize_endings.map((r) => ({
      ending: letters(r.ending),
      becomes: letters(r.becomes),
    }));
    // The dictionary's lemmas (analyzer.rs Lemmas), shipped only for the forms they change;
    // readings and spoken forms are looked up in the objects as loaded.
    const lookup = (object, key) => (Object.hasOwn(object, key) ? object[key] : undefined);
    const lemmaForms = unpackLemmas(tables.lemmas);
    const notPast = new Set(tables.lemmas.not_past);

    /** A form as analyzer.rs shared_ending writes it against `base`: a digit of letters to cut
     * from the end of `base` and the letters that follow, or the whole form. (Czech letters are
     * one UTF-16 unit each, so string indices count letters; the test vectors hold every form.) */
    function fromBase(base, written) {
      const cut = written.charCodeAt(0) - 48;
      if (!(cut >= 0 && cut <= 9)) return written;
      return base.slice(0, base.length - cut) + written.slice(1);
    }

    /** The form → stand-in maps of analyzer.rs lemmas_json's groups: a group's exact forms,
     * its listed folded forms, and each exact form without diacritics unless `unfolded`. */
    function unpackLemmas(packed) {
      const unfolded = new Set(packed.unfolded);
      const exact = new Map();
      const plain = new Map();
      for (const [standIn, line] of Object.entries(packed.groups)) {
        const bar = line.indexOf('|');
        const exactPart = bar < 0 ? line : line.slice(0, bar);
        for (const written of exactPart.split(' ')) {
          if (written === '') continue;
          const form = fromBase(standIn, written);
          exact.set(form, standIn);
          const folded = foldWord(form);
          if (folded !== form && !unfolded.has(form)) plain.set(folded, standIn);
        }
        if (bar < 0) continue;
        const foldedStandIn = foldWord(standIn);
        for (const written of line.slice(bar + 1).split(' ')) {
          plain.set(fromBase(foldedStandIn, written), standIn);
        }
      }
      return { exact, folded: plain };
    }

    // Each letter is [folded, original]: suffixes match folded letters, and the exact term
    // is cut at the same place.
    function endsWith(word, suffix) {
      const from = word.length - suffix.length;
      return from >= 0 && suffix.every((s, i) => word[from + i][0] === s);
    }

    function strip(word, groups) {
      for (const g of groups) {
        if (word.length < g.min) continue;
        const suffix = g.suffixes.find((s) => endsWith(word, s));
        if (suffix) {
          word.length -= suffix.length;
          return suffix.length;
        }
      }
      return 0;
    }

    function stem(word) {
      const caseCut = strip(word, caseGroups);
      if (wholeWords.has(word.map((l) => l[0]).join(''))) return;
      // A possessive (hřbitov → hřbit) or a long case ending (hřbitově → hřbit) marks a noun:
      // no verb ending to look for.
      const possessiveCut = strip(word, possessive);
      if (possessiveCut === 0 && caseCut <= tables.verb_after_case_letters) strip(word, verbGroups);
      if (word.length === 0) return;
      const rule = endings.find((r) => endsWith(word, r.ending));
      if (rule) {
        word.length -= rule.ending.length;
        for (const c of rule.becomes) word.push([c, c]);
        return;
      }
      const n = word.length;
      if (tables.drop_e_before_last_letter && n > 1 && word[n - 2][0] === 'e') {
        word.splice(n - 2, 1);
      }
    }

    // Each word's terms, kept: shown texts and queries repeat the same words.
    const known = new Map();
    function stemWordKept(text) {
      let terms = known.get(text);
      if (terms === undefined) {
        if (known.size > 50000) known.clear();
        terms = stemWord(text);
        known.set(text, terms);
      }
      return terms;
    }

    /** [folded, exact] terms of one word, or null for a stop word or an over-long token. */
    function stemWord(text) {
      const word = [];
      for (const c of text) {
        // Per character, as Rust's char::to_lowercase (no final-sigma context).
        for (const l of c.toLowerCase()) word.push([fold.get(l) ?? l, l]);
      }
      if (word.length > tables.max_token_letters) return null;
      const folded = word.map((l) => l[0]).join('');
      if (isStopWord(folded, word.every(([f, o]) => f === o))) return null;
      const digits = numbers.get(folded);
      if (digits !== undefined) return [digits, digits];
      if (word.some((l) => l[0] >= '0' && l[0] <= '9')) return [folded, word.map((l) => l[1]).join('')];
      const lemma = lemmaLetters(word, folded);
      const stemmed = lemma || word;
      stem(stemmed);
      return [stemmed.map((l) => l[0]).join(''), stemmed.map((l) => l[1]).join('')];
    }

    /** The written forms a folded word may be a spoken form of (analyzer.rs written_forms). */
    function writtenForms(folded) {
      return tables.spoken_endings
        .filter((e) => folded.endsWith(e.spoken))
        .map((e) => folded.slice(0, folded.length - e.spoken.length) + e.written);
    }

    /** A stop word as written or in a spoken form of it; an English one only as typed without
     * diacritics (analyzer.rs is_stop_word). */
    function isStopWord(folded, typedPlain) {
      return (
        (typedPlain && englishStopwords.has(folded)) ||
        stopwords.has(folded) ||
        writtenForms(folded).some((w) => stopwords.has(w))
      );
    }

    /** The letters of the word's lemma; typed without diacritics, none in the exact term. A
     * spoken form the dictionary lacks ("dostanem") reads as the written one (analyzer.rs
     * spoken_line). */
    function lemmaLetters(word, folded) {
      const lower = word.map((l) => l[1]).join('');
      const typedPlain = lower === folded;
      const lemma =
        lemmaForms.exact.get(lower) ??
        (typedPlain ? lemmaForms.folded.get(folded) : undefined) ??
        lookup(tables.lemmas.spoken, folded);
      if (lemma === undefined) return null;
      return Array.from(lemma, (c) => {
        const f = fold.get(c) ?? c;
        return [f, typedPlain ? f : c];
      });
    }

    /** Tokens of text already in NFC (content is normalized when the site is built). */
    function analyze(text) {
      const tokens = [];
      const matches = [...text.matchAll(WORD)];
      const folded = matches.map((m) => foldWord(m[0]));
      matches.forEach((m, i) => {
        const terms = stemWordKept(m[0]);
        if (terms) {
          const players = playerCount(folded, i, terms[0]);
          tokens.push({
            start: m.index,
            end: m.index + m[0].length,
            word: m[0],
            folded: players ?? terms[0],
            exact: players ?? terms[1],
          });
        }
      });
      return tokens;
    }

    /** The term of the number word at i when, after v/ve and before no word of things, it
     * says how many play (analyzer.rs PlayerCount::term). */
    function playerCount(folded, i, digits) {
      const c = tables.player_count;
      const next = folded[i + 1];
      const ofThings =
        next !== undefined && !c.people.includes(next) && c.thing_endings.some((e) => next.endsWith(e));
      const saysPlayers = i > 0 && c.numbers.includes(folded[i]) && c.prepositions.includes(folded[i - 1]) && !ofThings;
      return saysPlayers ? c.term_prefix + digits : null;
    }

    /** Tokens of a user's query, which may arrive in any normalization form. */
    function analyzeQuery(text) {
      const normalized = text.normalize('NFC');
      const tokens = analyze(normalized).filter((t) => !saysCan(normalized, t) && !saysScores(normalized, t));
      const [worth] = analyze(tables.query_words.worth_reads_as);
      for (const token of tokens) {
        if (worth !== undefined && saysWorth(normalized, token)) {
          token.folded = worth.folded;
          token.exact = worth.exact;
        }
      }
      return tokens;
    }

    /** Is this token a form of "vyplatit" with "se" after it or right before it, saying "it is
     * worth it" (analyzer.rs analyze_query)? */
    function saysWorth(text, token) {
      if (!tables.query_words.worth_with_se.includes(foldWord(token.word))) return false;
      const before = [...text.slice(0, token.start).matchAll(WORD)].map((m) => foldWord(m[0]));
      return before[before.length - 1] === 'se' || seFollows(text, token);
    }

    /** Is this token a form of "vyhrát" right before a word of points (analyzer.rs says_scores)? */
    function saysScores(text, token) {
      if (!tables.query_words.wins_points.includes(foldWord(token.word))) return false;
      const [next] = text.slice(token.end).matchAll(WORD);
      return next !== undefined && tables.query_words.points.includes(foldWord(next[0]));
    }

    /** Is this token a form of "dát" that with "se" after it says "can" (analyzer.rs says_can)? */
    function saysCan(text, token) {
      return tables.query_words.can_with_se.includes(foldWord(token.word)) && seFollows(text, token);
    }

    /** Do the words after this token start with "se", or with a conditional and "se"
     * (analyzer.rs se_follows)? */
    function seFollows(text, token) {
      const after = [...text.slice(token.end).matchAll(WORD)].slice(0, 2).map((m) => foldWord(m[0]));
      const next = tables.query_words.conditional.includes(after[0]) ? after[1] : after[0];
      return next === 'se';
    }

    /** A word lowercased with diacritics folded, not stemmed (analyzer.rs fold_word). */
    function foldWord(text) {
      let out = '';
      for (const c of text) for (const l of c.toLowerCase()) out += fold.get(l) ?? l;
      return out;
    }

    const queryWords = tables.query_words;

    /** Does this folded word name a level (analyzer.rs is_level_word)? */
    function isLevelWord(folded) {
      return queryWords.level_words.some((l) => folded.startsWith(l));
    }

    /** The level an ordinal stands for; a bare stem only when `stemmed` (analyzer.rs). */
    function ordinalLevel(folded, stemmed) {
      for (const [stem, level] of Object.entries(queryWords.ordinal_stems).sort()) {
        if (!folded.startsWith(stem)) continue;
        const ending = folded.slice(stem.length);
        if ((stemmed && ending === '') || queryWords.ordinal_endings.includes(ending)) return level;
      }
      return null;
    }

    /** The level a numeral noun names by itself (analyzer.rs numeral_noun_level). */
    function numeralNounLevel(folded) {
      for (const [stem, level] of Object.entries(queryWords.numeral_noun_stems).sort()) {
        if (folded.startsWith(stem) && queryWords.numeral_noun_endings.includes(folded.slice(stem.length))) {
          return level;
        }
      }
      return null;
    }

    /** Does this folded word say "the last"; a bare stem only when `stemmed` (analyzer.rs is_last_word)? */
    function isLastWord(folded, stemmed) {
      return queryWords.last_stems.some((stem) => {
        if (!folded.startsWith(stem)) return false;
        const ending = folded.slice(stem.length);
        return (stemmed && ending === '') || queryWords.ordinal_endings.includes(ending);
      });
    }

    /** Is the word starting at `start` negated by a word before it, with only stop words
     * between (analyzer.rs negated_at)? */
    function negatedAt(text, start) {
      const before = [];
      for (const m of text.matchAll(WORD)) {
        if (m.index + m[0].length > start) break;
        before.push(m[0]);
      }
      for (const word of before.reverse().slice(0, queryWords.negated_within_words)) {
        const folded = foldWord(word);
        if (queryWords.negating.includes(folded)) return true;
        if (!isStopWord(folded, folded === word.toLowerCase())) return false;
      }
      return false;
    }

    /** Does the query ask why things are as they are: a word of how things are in the why's
     * own clause, and no modal or negated past verb anywhere (analyzer.rs asks_for_a_reason)? */
    function asksForAReason(text) {
      const normalized = text.normalize('NFC');
      let inWhyClause = false;
      let afterWhy = false;
      let howThingsAre = false;
      let contrast = false;
      let past = false;
      let asksARule = false;
      for (const [folded, opensAClause] of clauseWords(normalized)) {
        if (opensAClause) inWhyClause = false;
        if (queryWords.why.includes(folded)) {
          inWhyClause = true;
          afterWhy = true;
        } else if (inWhyClause && listed(queryWords.how_things_are, folded)) howThingsAre = true;
        contrast ||= afterWhy && queryWords.contrasts.includes(folded);
        past ||= isPast(folded);
        asksARule ||= listed(queryWords.asks_a_rule, folded) || negatedPast(folded);
      }
      return (howThingsAre || (contrast && !past)) && !asksARule;
    }

    /** Is this folded word in the list, as written or in a spoken form (analyzer.rs listed)? */
    function listed(list, folded) {
      return list.includes(folded) || writtenForms(folded).some((w) => list.includes(w));
    }

    /** A past verb; a word the dictionary knows only as no verb is none (analyzer.rs is_past). */
    function isPast(folded) {
      return (
        queryWords.past_words.includes(folded) ||
        ([...folded].length >= queryWords.past_min_letters &&
          queryWords.past_endings.some((e) => folded.endsWith(e)) &&
          !notPast.has(folded))
      );
    }

    /** A negated past verb, not a superlative (analyzer.rs negated_past). */
    function negatedPast(folded) {
      return (
        folded.startsWith(queryWords.negation_prefix) &&
        !folded.startsWith(queryWords.superlative_prefix) &&
        isPast(folded)
      );
    }

    /** The sentences of a query that ask a question: one of their clauses that leans on no
     * other holds a question word or a modal, or they are yes/no questions (analyzer.rs
     * question_sentences). */
    function questionSentences(text) {
      // Beside a question mark, a sentence that ends with "." or "!" tells, it does not ask.
      const marked = text.includes('?');
      return text
        .normalize('NFC')
        .split(/(?<=[.?!])/)
        .filter((sentence) => !(marked && /[.!]$/.test(sentence)))
        .filter((sentence) => asksInAClause(sentence) || asksYesOrNo(sentence))
        .map((sentence) => sentence.replace(/[.?!]$/, '').trim());
    }

    /** Is this sentence (with the mark that ends it) a yes/no question: a question mark at
     * its end, no alternatives, and a first word that ends like a finite verb and not like an
     * infinitive (analyzer.rs asks_yes_or_no)? */
    function asksYesOrNo(sentence) {
      const words = [...clauseWords(sentence)].map(([folded]) => folded);
      if (words.length === 0) return false;
      const first = words[0];
      const endsWith = (list) => list.some((e) => first.endsWith(e));
      const verb =
        Array.from(first).length >= queryWords.yes_no_min_letters &&
        !endsWith(queryWords.infinitive_endings) &&
        (endsWith(queryWords.yes_no_verb_endings) || isPast(first));
      return sentence.endsWith('?') && verb && !words.some((w) => queryWords.alternatives.includes(w));
    }

    /** Does a clause of this sentence that leans on no other hold a question word or a modal
     * (analyzer.rs asks_in_a_clause)? */
    function asksInAClause(sentence) {
      let leaning = false;
      let asks = false;
      const all = [...clauseWords(sentence)];
      all.forEach(([folded, opensAClause], at) => {
        if (opensAClause) {
          leaning = queryWords.clause_breaks.includes(folded) || queryWords.alternatives.includes(folded);
        }
        // "Co s tou druhou?", "co teď?": what to do now, not a rule (analyzer.rs).
        const whatNow =
          folded === queryWords.what_now && at + 1 < all.length && queryWords.what_now_before.includes(all[at + 1][0]);
        asks ||=
          !leaning && !whatNow && (listed(queryWords.question_words, folded) || listed(queryWords.asks_a_rule, folded));
      });
      return asks;
    }

    /** Each word of the text, folded, and whether it opens a clause: the first word, a word
     * after a clause mark, or a clause break (analyzer.rs clause_words). */
    function* clauseWords(text) {
      let previousEnd = null;
      for (const m of text.matchAll(WORD)) {
        const folded = foldWord(m[0]);
        const gap = text.slice(previousEnd ?? m.index, m.index);
        const opens =
          previousEnd === null ||
          queryWords.clause_breaks.includes(folded) ||
          [...gap].some((c) => queryWords.clause_marks.includes(c));
        previousEnd = m.index + m[0].length;
        yield [folded, opens];
      }
    }

    /** A word that asks ("kolikáté"): never a typo (analyzer.rs is_question_word). */
    function isQuestionWord(folded) {
      return listed(queryWords.question_words, folded);
    }

    /** Does the text hold a modal: does it ask whether something is allowed (analyzer.rs
     * holds_a_modal)? */
    function holdsAModal(text) {
      return [...clauseWords(text)].some(([folded]) => listed(queryWords.asks_a_rule, folded));
    }

    /** Does this text give a reason (analyzer.rs gives_a_reason)? */
    function givesAReason(text) {
      return [...text.matchAll(WORD)].some((m) => queryWords.reasons.includes(foldWord(m[0])));
    }

    /** The terms of each word a word typed without diacritics may stand for, when more than
     * one (analyzer.rs Analyzer::readings). */
    function readings(word) {
      const lower = word.toLowerCase();
      if (foldWord(lower) !== lower) return [];
      return lookup(tables.lemmas.readings, lower) ?? [];
    }

    return {
      analyze,
      analyzeQuery,
      foldWord,
      isLevelWord,
      ordinalLevel,
      numeralNounLevel,
      isLastWord,
      negatedAt,
      asksForAReason,
      givesAReason,
      questionSentences,
      holdsAModal,
      isQuestionWord,
      readings,
    };
  }

  root.CarcrefAnalyzer = { createAnalyzer };
})(typeof globalThis !== 'undefined' ? globalThis : this);
