// The language switcher keeps the reader at the same place: rule anchors are identical in every
// language, so the current #anchor is carried over to the other language's page, and so is the
// query (the play page's hand, the viewer's case), which every language's page reads alike.
document.addEventListener("click", function (event) {
  var target = event.target;
  var link = target instanceof Element ? target.closest("a.md-select__link[hreflang]") : null;
  if (!link || !(window.location.hash || window.location.search)) {
    return;
  }
  var url = new URL(link.getAttribute("href"), window.location.href);
  url.search = window.location.search;
  url.hash = window.location.hash;
  event.preventDefault();
  window.location.assign(url.href);
});
