/* Density explorer: two ideal Laplace densities for neighbouring means, drawn as inline SVG.
   The numbers follow dplesson.laplace_calibration and dplesson.laplace_log_density. */
(function () {
  "use strict";
  var dp = window.dpWidgets;
  var SVG = "http://www.w3.org/2000/svg";
  // The input rules of laplace_calibration.
  var COUNT = [1, 4096], BOUND = [-1e6, 1e6], EPSILON = [0.001, 100], MIN_WIDTH = 0.001;
  var POINTS = 401; // evenly spaced points of the window, plus the two centres
  var WIDTH = 640, HEIGHT = 260, LEFT = 12, RIGHT = 12, TOP = 46, BOTTOM = 40;
  var SHOWN = 6; // significant digits shown; data-value holds the full double

  function node(tag, attrs, children, ns) {
    var el = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      el.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      el.append(child);
    });
    return el;
  }

  function svg(tag, attrs, children) {
    return node(tag, attrs, children, SVG);
  }

  function init(root, index) {
    var t = dp.strings(root);
    var locale = dp.locale();
    var fmt = function (x, digits) {
      return dp.format(x, locale, digits === undefined ? SHOWN : digits);
    };
    var id = "dp-explorer-" + index + "-";
    var fields = {};
    var controls = node("fieldset", { class: "dp-controls" }, [node("legend", {}, [t("title")])]);
    [
      ["n", "number", "4", { min: "1", max: "4096", step: "1", inputmode: "numeric" }],
      ["epsilon", "text", fmt(1), { inputmode: "decimal" }],
      ["lower", "text", fmt(0), { inputmode: "decimal" }],
      ["upper", "text", fmt(1), { inputmode: "decimal" }],
    ].forEach(function (spec) {
      var attrs = Object.assign(
        { id: id + spec[0], name: spec[0], type: spec[1], value: spec[2], autocomplete: "off",
          spellcheck: "false", "aria-describedby": id + "errors" },
        spec[3]
      );
      fields[spec[0]] = node("input", attrs);
      controls.append(
        node("div", { class: "dp-field" }, [
          node("label", { for: attrs.id }, [t(spec[0])]),
          fields[spec[0]],
        ])
      );
    });
    controls.append(node("p", { class: "dp-hint" }, [dp.fill(t("hint"), { example: fmt(0.5) })]));

    var errors = node("ul", { class: "dp-errors", id: id + "errors" });
    var results = node("dl", { class: "dp-results" });
    var live = node("div", { class: "dp-live", "aria-live": "polite" }, [errors, results]);
    var chart = svg("svg", {
      class: "dp-chart", role: "img", viewBox: "0 0 " + WIDTH + " " + HEIGHT,
      "aria-labelledby": id + "chart-title",
    });
    var caveat = node("p", { class: "dp-caveat" }, [t("caveat")]);
    root.replaceChildren(controls, live, chart, caveat);
    root.classList.add("dp-ready");

    function read() {
      var bad = [];
      var raw = fields.n.value.trim();
      var n = raw === "" ? NaN : Number(raw);
      var v = {
        n: n,
        epsilon: dp.parse(fields.epsilon.value, locale),
        lower: dp.parse(fields.lower.value, locale),
        upper: dp.parse(fields.upper.value, locale),
      };
      var inRange = function (x, range) {
        return Number.isFinite(x) && range[0] <= x && x <= range[1];
      };
      if (!Number.isInteger(n) || !inRange(n, COUNT)) bad.push(["n", COUNT]);
      if (!inRange(v.epsilon, EPSILON)) bad.push(["epsilon", EPSILON]);
      if (!inRange(v.lower, BOUND)) bad.push(["lower", BOUND]);
      if (!inRange(v.upper, BOUND)) bad.push(["upper", BOUND]);
      if (!bad.length && v.upper - v.lower < MIN_WIDTH) bad.push(["width", [MIN_WIDTH]]);
      v.bad = bad;
      return v;
    }

    function update() {
      var v = read();
      Object.keys(fields).forEach(function (name) {
        var wrong = v.bad.some(function (b) {
          return b[0] === name || (b[0] === "width" && (name === "lower" || name === "upper"));
        });
        fields[name].setAttribute("aria-invalid", String(wrong));
      });
      errors.replaceChildren.apply(
        errors,
        v.bad.map(function (b) {
          return node("li", {}, [
            dp.fill(t("err-" + b[0]), { min: fmt(b[1][0], 0), max: fmt(b[1][1] || 0, 0) }),
          ]);
        })
      );
      results.hidden = v.bad.length > 0;
      chart.toggleAttribute("hidden", v.bad.length > 0);
      if (v.bad.length) return;

      // laplace_calibration: the same floating-point operations in the same order.
      var delta = (v.upper - v.lower) / v.n;
      var scale = delta / v.epsilon;
      var centreA = v.lower; // the mean of n values all at the lower bound
      var centreB = v.lower + delta; // one of them replaced by the upper bound
      var lo = centreA - 5 * scale, hi = centreB + 5 * scale;
      var points = [];
      for (var i = 0; i < POINTS; i++) points.push(lo + ((hi - lo) * i) / (POINTS - 1));
      points.push(centreA, centreB);
      points.sort(function (p, q) {
        return p - q;
      });
      // laplace_log_density at every drawn point, for both centres.
      var logDensity = function (z, centre) {
        return -Math.log(2 * scale) - Math.abs(z - centre) / scale;
      };
      var largest = 0;
      points.forEach(function (z) {
        largest = Math.max(largest, Math.abs(logDensity(z, centreA) - logDensity(z, centreB)));
      });

      var rows = [
        ["delta", delta], ["scale", scale], ["centre-a", centreA], ["centre-b", centreB],
        ["maxdiff", largest], ["bound", v.epsilon],
      ];
      results.replaceChildren.apply(
        results,
        rows.reduce(function (out, row) {
          var value = dp.number(row[1], locale, row[0] === "bound" ? 0 : SHOWN);
          value.dataset.key = row[0];
          out.push(node("dt", {}, [dp.fill(t(row[0]), { points: fmt(points.length, 0) })]));
          out.push(node("dd", {}, [value]));
          return out;
        }, [])
      );
      draw(points, lo, hi, scale, centreA, centreB, logDensity);
    }

    function draw(points, lo, hi, scale, centreA, centreB, logDensity) {
      var peak = 1 / (2 * scale);
      var x = function (z) {
        return (LEFT + ((z - lo) / (hi - lo)) * (WIDTH - LEFT - RIGHT)).toFixed(2);
      };
      var y = function (density) {
        return (HEIGHT - BOTTOM - (density / peak) * (HEIGHT - TOP - BOTTOM)).toFixed(2);
      };
      var base = HEIGHT - BOTTOM;
      var curve = function (centre) {
        return points
          .map(function (z, k) {
            return (k ? "L" : "M") + x(z) + " " + y(Math.exp(logDensity(z, centre)));
          })
          .join("");
      };
      var label = dp.fillText(t("chart"), {
        s: fmt(scale), a: fmt(centreA), b: fmt(centreB), lo: fmt(lo), hi: fmt(hi),
      });
      var tick = function (z, anchor) {
        return svg("text", { x: x(z), y: base + 18, "text-anchor": anchor }, [fmt(z)]);
      };
      var legend = function (k, key, centre) {
        var row = 16 + 20 * k;
        return svg("g", { class: "dp-legend" }, [
          svg("line", { class: "dp-curve-" + key, x1: LEFT, x2: LEFT + 34, y1: row - 5, y2: row - 5 }),
          svg("text", { x: LEFT + 42, y: row }, [dp.fillText(t("legend-" + key), { value: fmt(centre) })]),
        ]);
      };
      chart.setAttribute("data-lo", String(lo));
      chart.setAttribute("data-hi", String(hi));
      chart.setAttribute("data-points", String(POINTS));
      chart.setAttribute("aria-label", label);
      chart.replaceChildren(
        svg("title", { id: id + "chart-title" }, [label]),
        svg("line", { class: "dp-axis", x1: LEFT, x2: WIDTH - RIGHT, y1: base, y2: base }),
        svg("line", { class: "dp-guide", x1: x(centreA), x2: x(centreA), y1: TOP, y2: base }),
        svg("line", { class: "dp-guide", x1: x(centreB), x2: x(centreB), y1: TOP, y2: base }),
        svg("path", { class: "dp-curve-a", d: curve(centreA) }),
        svg("path", { class: "dp-curve-b", d: curve(centreB) }),
        tick(lo, "start"),
        tick(hi, "end"),
        svg("text", { x: (WIDTH / 2).toFixed(0), y: base + 34, "text-anchor": "middle" }, ["z"]),
        legend(0, "a", centreA),
        legend(1, "b", centreB)
      );
    }

    Object.keys(fields).forEach(function (name) {
      fields[name].addEventListener("input", update);
    });
    update();
  }

  function start() {
    document.querySelectorAll(".dp-explorer:not(.dp-ready)").forEach(init);
  }
  // Material's document$ announces every page, also under its instant navigation.
  if (window.document$) window.document$.subscribe(start);
  else start();
})();
