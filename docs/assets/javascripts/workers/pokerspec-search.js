// The site's search worker: Material's own worker (named by the "material" parameter, in this
// folder), with the index's words and the reader's words made alike (pokersite.search writes the
// index):
// - Material appends a wildcard to every word the reader types, and Lunr does not stem a word that
//   carries a wildcard, so each plain word of the query is reduced here as the index reduced it,
//   with the language's trimmer and stemmer: "квалификация" becomes "квалификац", and Material's
//   "квалификац*" finds every form.
// - Accents are folded on both sides: the index keeps each word stemmed then folded, and folded
//   then stemmed, so "leilao" finds "leilão" and "leilão" finds it too.
// - A rule ID, a ruling ID or a code name (a word with a dot, an underscore or a digit:
//   "core.high.wheel", "AUC-11", "round_bets") is never stemmed, and is matched as typed, exactly
//   first (boosted) then as the start of a longer name.
// - The trimmer of a language keeps Latin letters and digits, so "BARGE" is a word of the Russian
//   index (Lunr's Russian trimmer drops every non-Cyrillic letter).
// - The reader's words are split with the index's own separator, so a Russian "бринг-ин" stays one
//   word on both sides.
// - A page that is listed only for its sections comes from Material without a matched term, and
//   its link would carry an empty "?h="; it gets the terms its sections matched.
"use strict";

var SETUP = 0;
var QUERY = 2;
var RESULT = 3;
var IDENTIFIER = /[._\d]/;
var PLAIN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u; // a word, hyphenated where the separator keeps it
var language = "en";
var separator = /[\s'’-]+/;

function support() {
  var lunr = self.lunr;
  return language === "en" ? lunr : lunr && lunr[language];
}

function fold(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

// The language's pipeline adapted as above, once its scripts are loaded and before Material
// builds the index (Material loads them in its setup, through importScripts, hooked below).
function adapt() {
  var lunr = self.lunr;
  var own = support();
  if (!own || !own.stemmer || own.pokerspec) {
    return;
  }
  var stemmer = own.stemmer;
  var stem = function (token) {
    var word = token.toString();
    if (IDENTIFIER.test(word)) {
      return token;
    }
    var stemmed = stemmer(token.clone());
    var bare = fold(word) === word ? null : stemmer(token.clone(fold));
    var forms = [stemmed && stemmed.update(fold), bare && bare.update(fold)].filter(Boolean);
    return forms.length === 2 && forms[0].toString() === forms[1].toString() ? forms[0] : forms;
  };
  lunr.Pipeline.registerFunction(stem, "pokerspec-stemmer-" + language);
  own.stemmer = stem;
  if (language !== "en" && lunr.trimmerSupport) {
    var trimmer = lunr.trimmerSupport.generateTrimmer(own.wordCharacters + "A-Za-z0-9_");
    lunr.Pipeline.registerFunction(trimmer, "pokerspec-trimmer-" + language);
    own.trimmer = trimmer;
  }
  // Lunr's query lexer splits at hyphens; the words are split here instead (not "AUC-11").
  lunr.QueryLexer.termSeparator = /\s+/;
  own.pokerspec = true;
}

// A plain word of the query as the index holds it.
function reduce(word) {
  var lunr = self.lunr;
  var own = support();
  if (!own || !own.stemmer) {
    return word;
  }
  var token = new lunr.Token(word.toLowerCase(), {});
  if (own.trimmer) {
    token = own.trimmer(token);
  }
  var stemmed = token && own.stemmer(token);
  stemmed = Array.isArray(stemmed) ? stemmed[0] : stemmed;
  var text = stemmed ? stemmed.toString() : "";
  return text.length > 1 ? text : fold(word.toLowerCase());
}

function rewrite(word) {
  if (!/^[\p{L}\p{N}._'’-]+$/u.test(word)) {
    return word; // Lunr's query syntax (+word, -word, word~1, field:word) stays as typed
  }
  if (IDENTIFIER.test(word)) {
    var name = word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    return name ? name + "^10 " + name : word;
  }
  return word.split(separator).filter(Boolean).map(function (part) {
    return PLAIN.test(part) ? reduce(part) : part;
  }).join(" ");
}

// The terms matched in a group of results (a page and its sections) given to the items that have
// none, so that every link highlights what was found.
function matched(items) {
  var found = {};
  items.forEach(function (item) {
    Object.keys(item.terms || {}).forEach(function (term) {
      if (item.terms[term]) {
        found[term] = true;
      }
    });
  });
  items.forEach(function (item) {
    var terms = item.terms || {};
    if (!Object.keys(terms).some(function (term) { return terms[term]; })) {
      item.terms = Object.assign({}, found);
    }
  });
}

var post = self.postMessage.bind(self);
self.postMessage = function (message) {
  if (message && message.type === RESULT && message.data && Array.isArray(message.data.items)) {
    message.data.items.forEach(matched);
  }
  post(message);
};

self.addEventListener("message", function (event) {
  var message = event.data;
  if (message.type === SETUP) {
    language = message.data.config.lang[0] || "en";
    separator = new RegExp(message.data.config.separator);
    adapt();
  } else if (message.type === QUERY && typeof message.data === "string") {
    message.data = message.data.split(/\s+/).filter(Boolean).map(rewrite).join(" ");
  }
});

var load = self.importScripts;
load(new URL(self.location.href).searchParams.get("material"));
self.importScripts = function () {
  load.apply(self, arguments);
  adapt();
};
