// The language switcher keeps the reader on the same rule: rule anchors are identical in every
// language, so the current #anchor is carried over to the other language's page.
document.addEventListener("click", function (event) {
  var target = event.target;
  var link = target instanceof Element ? target.closest("a.md-select__link[hreflang]") : null;
  if (!link || !window.location.hash) {
    return;
  }
  var url = new URL(link.getAttribute("href"), window.location.href);
  url.hash = window.location.hash;
  event.preventDefault();
  window.location.assign(url.href);
});
