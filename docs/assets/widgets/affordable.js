/* "How many releases can I afford?": pick a total budget and a noise level, read the counts.
   The counts come from the widget's data-grid, computed at build time by
   dplesson.accounting.affordable_releases (docs/hooks/dpsite/affordable.py); the texts come from
   its data-t-* attributes: "count" and, for a plural category of the language the texts are
   written in that reads otherwise ("1 release"), "count-one" and so on (Intl.PluralRules,
   numbers.js; English's rules on the English page a language in progress shows). The
   bars are drawn on a logarithmic scale, which the widget says. This script computes nothing
   about privacy itself. */
(function () {
  "use strict";

  /** 1e-6 as "10⁻⁶": δ is a power of ten, and the plain decimal form is hard to read. */
  function powerOfTen(x, dp) {
    var exponent = Math.round(Math.log10(x));
    if (Math.pow(10, exponent) !== x) return dp.format(x);
    var sup = { "-": "\u207b", 0: "\u2070", 1: "\u00b9", 2: "\u00b2", 3: "\u00b3", 4: "\u2074",
                5: "\u2075", 6: "\u2076", 7: "\u2077", 8: "\u2078", 9: "\u2079" };
    return "10" + String(exponent).split("").map(function (c) { return sup[c]; }).join("");
  }

  function setup(root) {
    var dp = window.dpWidgets;
    root.classList.add("dp-ready");
    var t = dp.strings(root);
    var grid = JSON.parse(root.getAttribute("data-grid"));
    var id = "dp-affordable-" + Math.random().toString(36).slice(2, 8);

    var budget = dp.node("select", { id: id + "-eps" });
    grid.epsilons.forEach(function (eps, index) {
      var option = dp.node("option", { value: String(index) }, [dp.format(eps)]);
      if (eps === 1) option.selected = true;
      budget.append(option);
    });
    var noise = dp.node("input", {
      id: id + "-std", type: "range", min: "0", max: String(grid.stds.length - 1), step: "1",
      value: String(grid.stds.indexOf(100)),
    });
    /** "7 releases", "1 release": the count in the plural form the language needs. */
    var releases = function (n) {
      var form = root.getAttribute("data-t-count-" + window.dpNumbers.plural(n, root));
      return dp.fillText(form === null ? t("count") : form, { count: dp.format(n) });
    };
    var noiseValue = dp.node("output", { for: id + "-std", class: "dp-affordable-value" });
    var rows = {};
    var table = dp.node("table", { class: "dp-affordable-table" }, [
      dp.node("tbody", {}, ["basic", "advanced", "zcdp"].map(function (key) {
        rows[key] = { count: dp.node("td", { class: "dp-affordable-count" }),
                      bar: dp.node("span", { class: "dp-affordable-bar dp-affordable-" + key }) };
        return dp.node("tr", {}, [
          dp.node("th", { scope: "row" }, [t(key)]),
          rows[key].count,
          dp.node("td", { class: "dp-affordable-barcell", "aria-hidden": "true" }, [rows[key].bar]),
        ]);
      })),
    ]);
    var summary = dp.node("p", { class: "dp-affordable-summary", role: "status", "aria-live": "polite" });

    function update() {
      var eps = grid.epsilons[Number(budget.value)];
      var std = grid.stds[Number(noise.value)];
      var counts = grid.counts[Number(budget.value)][Number(noise.value)];
      var largest = Math.max(1, counts.basic, counts.advanced, counts.zcdp);
      noiseValue.textContent = dp.format(std);
      noise.setAttribute("aria-valuetext", dp.format(std)); // the value, not the step
      ["basic", "advanced", "zcdp"].forEach(function (key) {
        rows[key].count.textContent = releases(counts[key]);
        rows[key].bar.style.width = (100 * Math.log1p(counts[key]) / Math.log1p(largest)).toFixed(1) + "%";
      });
      summary.textContent = dp.fillText(t("summary"), {
        std: dp.format(std), epsilon: dp.format(eps),
        basic: releases(counts.basic), advanced: releases(counts.advanced),
        zcdp: releases(counts.zcdp),
      });
    }

    var form = dp.node("div", { class: "dp-affordable-controls" }, [
      dp.node("label", { for: id + "-eps" }, [dp.fillText(t("budget"), { delta: powerOfTen(grid.delta, dp) })]),
      budget,
      dp.node("label", { for: id + "-std" }, [t("noise")]),
      noise,
      noiseValue,
    ]);
    budget.addEventListener("change", update);
    noise.addEventListener("input", update);
    root.replaceChildren(dp.node("p", { class: "dp-widget-title" }, [t("title")]), form, table,
      dp.node("p", { class: "dp-affordable-scale" }, [t("scale")]), summary);
    update();
  }

  function start() {
    document.querySelectorAll(".dp-affordable[data-grid]:not(.dp-ready)").forEach(setup);
  }
  // Material's document$ announces every page, also under its instant navigation.
  if (window.document$) window.document$.subscribe(start);
  else start();
})();
