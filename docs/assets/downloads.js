/* Absolute install URLs and notebook downloads with absolute links, when the site has no site_url.
 *
 * docs/hooks/downloads.py marks the wheel's address as <span class="dp-wheel-url"
 * data-wheel="relative/path.whl"> (with data-prefix="dplesson[notebooks] @ " in the install
 * line) and the notebook download links with data-fill-wheel. pip needs an absolute URL,
 * which only the page's own address gives: this script writes the prefix and that URL into
 * the spans. A notebook copy built without a site_url carries the wheel itself, so it runs
 * however it is saved; on a download this script fetches it from the same origin, makes its
 * relative links absolute and saves it. Without JavaScript the page still works: the line
 * names the file next to the reader, and the links download the wheel and the notebook as
 * they are.
 */
(function () {
  "use strict";
  var RELATIVE_LINK = /\]\((\.\.?\/[^)\s\"\\]*)\)/g;

  function absolute(path, base) {
    return new URL(path, base || document.baseURI).href;
  }

  document.querySelectorAll(".dp-wheel-url[data-wheel]").forEach(function (span) {
    span.textContent = (span.getAttribute("data-prefix") || "") +
      absolute(span.getAttribute("data-wheel"));
  });

  function save(text, name) {
    var blob = new Blob([text], { type: "application/x-ipynb+json" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
  }

  document.querySelectorAll("a[data-fill-wheel]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      var notebook = absolute(link.getAttribute("href"));
      fetch(notebook, { credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) { throw new Error(response.status); }
          return response.text();
        })
        .then(function (text) {
          text = text.replace(RELATIVE_LINK, function (_, path) {
            return "](" + absolute(path, notebook) + ")";
          });
          save(text, link.getAttribute("download"));
        })
        .catch(function () { window.location.href = notebook; });
    });
  });
})();
