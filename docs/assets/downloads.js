/* Absolute install URLs and filled-in notebook downloads, when the site has no site_url.
 *
 * docs/hooks/downloads.py marks the wheel's address as <span class="dp-wheel-url"
 * data-wheel="relative/path.whl"> (showing the bare file name) and the notebook download
 * links with data-fill-wheel. pip needs an absolute URL, which only the page's own address
 * gives: this script writes it into the spans, and on a download it fetches the notebook
 * from the same origin, writes the wheel's URL and absolute links into it and saves it.
 * Without JavaScript the page still works: the line names the file, and the links
 * download the wheel and the notebook as they are.
 */
(function () {
  "use strict";
  var TOKEN = "__DPLESSON_WHEEL_URL__";
  var RELATIVE_LINK = /\]\((\.\.?\/[^)\s\"\\]*)\)/g;

  function absolute(path, base) {
    return new URL(path, base || document.baseURI).href;
  }

  document.querySelectorAll(".dp-wheel-url[data-wheel]").forEach(function (span) {
    span.textContent = absolute(span.getAttribute("data-wheel"));
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
      var wheel = absolute(link.getAttribute("data-fill-wheel"));
      fetch(notebook, { credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) { throw new Error(response.status); }
          return response.text();
        })
        .then(function (text) {
          text = text.split(TOKEN).join(wheel).replace(RELATIVE_LINK, function (_, path) {
            return "](" + absolute(path, notebook) + ")";
          });
          save(text, link.getAttribute("download"));
        })
        .catch(function () { window.location.href = notebook; });
    });
  });
})();
