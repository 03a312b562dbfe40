// The site's search worker: Material's own worker (named by the "material" parameter, in this
// folder), with one change. Material appends a wildcard to every word the reader types, and Lunr
// does not stem a word that carries a wildcard, so with a stemmed index the dictionary form
// "квалификация" would never find "квалификации". Each plain word of the query is therefore
// reduced to its stem with the language's own trimmer and stemmer before Material sees it:
// "квалификация" becomes "квалификац", and Material's "квалификац*" finds every form.
"use strict";

var SETUP = 0;
var QUERY = 2;
var language = "en";

function stem(word) {
  var lunr = self.lunr;
  var support = language === "en" ? lunr : lunr && lunr[language];
  if (!support || !support.stemmer || !/^[\p{L}\p{N}'’]+$/u.test(word)) {
    return word;
  }
  var token = new lunr.Token(word.toLowerCase(), {});
  if (support.trimmer) {
    token = support.trimmer(token);
  }
  var stemmed = support.stemmer(token);
  var text = stemmed ? stemmed.toString() : "";
  return text.length > 1 ? text : word;
}

self.addEventListener("message", function (event) {
  var message = event.data;
  if (message.type === SETUP) {
    language = message.data.config.lang[0] || "en";
  } else if (message.type === QUERY && typeof message.data === "string") {
    message.data = message.data.split(/(\s+)/).map(stem).join("");
  }
});

importScripts(new URL(self.location.href).searchParams.get("material"));
