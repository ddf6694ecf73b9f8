/* Density explorer: two ideal Laplace densities for neighbouring means and the difference of
   their log-densities, drawn as inline SVG at the size they are shown (1 unit = 1 CSS px).
   The numbers follow dplesson.laplace_calibration and dplesson.laplace_log_density. */
(function () {
  "use strict";
  var dp = window.dpWidgets;
  var node = dp.node;
  var SVG = "http://www.w3.org/2000/svg";
  // The input rules of laplace_calibration.
  var COUNT = [1, 4096], BOUND = [-1e6, 1e6], EPSILON = [0.001, 100], MIN_WIDTH = 0.001;
  var POINTS = 401; // evenly spaced points of the window, plus the two centres
  var SLIDERS = { n: [1, 100, 1], epsilon: [0.1, 5, 0.1] }; // min, max, step
  var HEIGHT = 250, DIFF_HEIGHT = 170, LEFT = 58, RIGHT = 14, TOP = 50, BOTTOM = 46;
  var SHOWN = 6; // significant digits shown; data-value holds the full double

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
    var fields = {}, sliders = {}, errors = {};
    var grid = node("div", { class: "dp-fields" });
    [
      ["n", "number", "4", { min: "1", max: "4096", step: "1", inputmode: "numeric" }],
      ["epsilon", "text", fmt(1), { inputmode: "decimal" }],
      ["lower", "text", fmt(0), { inputmode: "decimal" }],
      ["upper", "text", fmt(1), { inputmode: "decimal" }],
    ].forEach(function (spec) {
      var name = spec[0];
      var attrs = Object.assign(
        { id: id + name, name: name, type: spec[1], value: spec[2], autocomplete: "off",
          spellcheck: "false", "aria-describedby": id + name + "-error" },
        spec[3]
      );
      fields[name] = node("input", attrs);
      errors[name] = node("p", { class: "dp-field-error", id: id + name + "-error" });
      var pair = node("div", { class: "dp-pair" }, [fields[name]]);
      if (SLIDERS[name]) {
        var range = SLIDERS[name];
        sliders[name] = node("input", {
          id: id + name + "-slider", name: name + "-slider", type: "range", min: range[0],
          max: range[1], step: range[2],
        });
        pair.append(
          node("label", { for: sliders[name].id, class: "dp-sr" }, [t("slider-" + name)]),
          sliders[name]
        );
      }
      var cell = node("div", { class: "dp-field" }, [
        node("label", { for: attrs.id }, [t(name)]), pair, errors[name],
      ]);
      grid.append(cell);
    });
    var lock = node("input", { id: id + "lock", name: "lock", type: "checkbox" });
    var controls = node("fieldset", { class: "dp-controls" }, [
      node("legend", {}, [t("title")]),
      grid,
      node("div", { class: "dp-check" }, [lock, node("label", { for: lock.id }, [t("lock")])]),
      node("p", { class: "dp-hint" }, [dp.fill(t("hint"), { example: fmt(0.5) })]),
    ]);
    var chart = svg("svg", { class: "dp-chart", role: "img", "aria-labelledby": id + "chart-title" });
    var diff = svg("svg", {
      class: "dp-chart dp-diff", role: "img", "aria-labelledby": id + "diff-title",
    });
    var results = node("dl", { class: "dp-results" });
    var live = node("div", { class: "dp-live dp-sr", "aria-live": "polite" });
    var caveat = node("p", { class: "dp-caveat" }, [t("caveat")]);
    root.replaceChildren(controls, chart, diff, results, live, caveat);
    root.classList.add("dp-ready");
    var locked = null, last = null, summary = "";
    var announce = dp.debounce(function () {
      live.textContent = summary;
    }, 700);

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
      var messages = [];
      Object.keys(fields).forEach(function (name) {
        var found = v.bad.filter(function (b) {
          return b[0] === name || (b[0] === "width" && name === "upper");
        })[0];
        var text = found ? dp.fillText(t("err-" + found[0]),
          { min: fmt(found[1][0], 0), max: fmt(found[1][1] || 0, 0) }) : "";
        var wrong = Boolean(found) || (name === "lower" && v.bad.some(function (b) {
          return b[0] === "width";
        }));
        fields[name].setAttribute("aria-invalid", String(wrong));
        errors[name].textContent = text;
        if (text) messages.push(text);
      });
      root.classList.toggle("dp-stale", v.bad.length > 0);
      if (v.bad.length) {
        summary = messages.join(" ");
        announce();
        return; // the last valid chart and results stay
      }
      ["n", "epsilon"].forEach(function (name) {
        if (document.activeElement !== sliders[name]) sliders[name].value = String(v[name]);
      });

      // laplace_calibration: exact, then rounded up.
      var width = dp.exact(v.upper) - dp.exact(v.lower);
      var delta = dp.up(width, BigInt(v.n));
      var scale = dp.up(width << 1074n, BigInt(v.n) * dp.exact(v.epsilon));
      var centreA = v.lower; // the mean of n values all at the lower bound
      var centreB = v.lower + delta; // one of them replaced by the upper bound
      var lo = locked ? locked.lo : centreA - 5 * scale;
      var hi = locked ? locked.hi : centreB + 5 * scale;
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
      var gaps = points.map(function (z) {
        return logDensity(z, centreA) - logDensity(z, centreB);
      });
      var largest = gaps.reduce(function (m, g) {
        return Math.max(m, Math.abs(g));
      }, 0);

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
      last = {
        points: points, lo: lo, hi: hi, scale: scale, a: centreA, b: centreB,
        logDensity: logDensity, gaps: gaps, largest: largest, epsilon: v.epsilon,
        top: locked ? locked.top : 1.15 / (2 * scale),
        range: 1.3 * (locked ? locked.epsilon : v.epsilon),
      };
      draw(last);
      summary = dp.fillText(t("summary"), { s: fmt(scale), max: fmt(largest), epsilon: fmt(v.epsilon, 0) });
      announce();
    }

    function frame(el, height, s) {
      var width = Math.round(el.getBoundingClientRect().width) || 640;
      if (width < 480) height -= 40; // a phone: keep the controls and the chart on one screen
      el.setAttribute("viewBox", "0 0 " + width + " " + height);
      var x = function (z) {
        return (LEFT + ((z - s.lo) / (s.hi - s.lo)) * (width - LEFT - RIGHT)).toFixed(2);
      };
      return { width: width, x: x, height: height };
    }

    function clip(key, width, top, bottom) {
      return svg("clipPath", { id: id + key }, [
        svg("rect", { x: LEFT, y: top, width: width - LEFT - RIGHT, height: bottom - top }),
      ]);
    }

    function draw(s) {
      var f = frame(chart, HEIGHT, s), x = f.x, width = f.width;
      var base = f.height - BOTTOM;
      var y = function (density) {
        return (base - (density / s.top) * (base - TOP)).toFixed(2);
      };
      var curve = function (centre) {
        return s.points.map(function (z, k) {
          return (k ? "L" : "M") + x(z) + " " + y(Math.exp(s.logDensity(z, centre)));
        }).join("");
      };
      var label = dp.fillText(t("chart"), {
        s: fmt(s.scale), a: fmt(s.a), b: fmt(s.b), lo: fmt(s.lo), hi: fmt(s.hi),
      });
      var legend = function (k, key, centre) {
        var row = 16 + 20 * k;
        return svg("g", { class: "dp-legend" }, [
          svg("line", { class: "dp-curve-" + key, x1: LEFT, x2: LEFT + 34, y1: row - 5, y2: row - 5 }),
          svg("text", { x: LEFT + 42, y: row }, [dp.fillText(t("legend-" + key), { value: fmt(centre) })]),
        ]);
      };
      var parts = [
        svg("title", { id: id + "chart-title" }, [label]),
        clip("clip", width, TOP - 4, base),
      ];
      dp.ticks(0, s.top, 4).forEach(function (d) {
        parts.push(
          svg("line", { class: "dp-grid", x1: LEFT, x2: width - RIGHT, y1: y(d), y2: y(d) }),
          svg("text", { x: LEFT - 6, y: Number(y(d)) + 4, "text-anchor": "end" }, [fmt(d, 4)])
        );
      });
      dp.ticks(s.lo, s.hi, width < 480 ? 4 : 7).forEach(function (z) {
        parts.push(
          svg("line", { class: "dp-axis", x1: x(z), x2: x(z), y1: base, y2: base + 5 }),
          svg("text", { x: x(z), y: base + 19, "text-anchor": "middle" }, [fmt(z, 4)])
        );
      });
      var guide = function (z) {
        return svg("line", { class: "dp-guide", x1: x(z), x2: x(z), y1: TOP, y2: base });
      };
      var plot = svg("g", { "clip-path": "url(#" + id + "clip)" }, [
        svg("path", { class: "dp-curve-a", d: curve(s.a) }),
        svg("path", { class: "dp-curve-b", d: curve(s.b) }),
      ]);
      parts.push(
        svg("line", { class: "dp-axis", x1: LEFT, x2: width - RIGHT, y1: base, y2: base }),
        svg("line", { class: "dp-axis", x1: LEFT, x2: LEFT, y1: TOP - 4, y2: base }),
        guide(s.a), guide(s.b), plot,
        svg("text", { x: (LEFT + width - RIGHT) / 2, y: base + 38, "text-anchor": "middle" },
          [t("axis-z")]),
        svg("text", { x: -(TOP + base) / 2, y: 14, "text-anchor": "middle", transform: "rotate(-90)" },
          [t("axis-density")]),
        legend(0, "a", s.a),
        legend(1, "b", s.b)
      );
      chart.setAttribute("data-lo", String(s.lo));
      chart.setAttribute("data-hi", String(s.hi));
      chart.setAttribute("data-points", String(POINTS));
      chart.setAttribute("aria-label", label);
      chart.replaceChildren.apply(chart, parts);
      drawDiff(s);
    }

    function drawDiff(s) {
      var f = frame(diff, DIFF_HEIGHT, s), x = f.x, width = f.width;
      var top = 34, bottom = f.height - 14;
      var y = function (g) {
        return ((top + bottom) / 2 - (g / s.range) * ((bottom - top) / 2)).toFixed(2);
      };
      var label = dp.fillText(t("diff-chart"), {
        lo: fmt(s.lo), hi: fmt(s.hi), epsilon: fmt(s.epsilon, 0), max: fmt(s.largest),
      });
      var path = s.points.map(function (z, k) {
        return (k ? "L" : "M") + x(z) + " " + y(s.gaps[k]);
      }).join("");
      var parts = [
        svg("title", { id: id + "diff-title" }, [label]),
        clip("diff-clip", width, top - 2, bottom + 2),
        svg("text", { x: 4, y: 16 }, [t("diff-title")]),
        svg("line", { class: "dp-axis", x1: LEFT, x2: width - RIGHT, y1: y(0), y2: y(0) }),
        svg("line", { class: "dp-axis", x1: LEFT, x2: LEFT, y1: top, y2: bottom }),
      ];
      [s.epsilon, -s.epsilon].forEach(function (g, k) {
        parts.push(
          svg("line", { class: "dp-bound", x1: LEFT, x2: width - RIGHT, y1: y(g), y2: y(g) }),
          svg("text", { x: LEFT - 6, y: Number(y(g)) + 4, "text-anchor": "end" }, [fmt(g, 4)])
        );
        if (!k) parts.push(svg("text", { x: width - RIGHT, y: Number(y(g)) - 5, "text-anchor": "end" },
          [dp.fillText(t("diff-bound"), { epsilon: fmt(s.epsilon, 0) })]));
      });
      parts.push(
        svg("text", { x: LEFT - 6, y: Number(y(0)) + 4, "text-anchor": "end" }, [fmt(0)]),
        svg("g", { "clip-path": "url(#" + id + "diff-clip)" }, [
          svg("path", { class: "dp-curve-diff", d: path }),
        ])
      );
      diff.setAttribute("data-max", String(s.largest));
      diff.setAttribute("data-epsilon", String(s.epsilon));
      diff.setAttribute("aria-label", label);
      diff.replaceChildren.apply(diff, parts);
    }

    Object.keys(fields).forEach(function (name) {
      fields[name].addEventListener("input", update);
    });
    Object.keys(sliders).forEach(function (name) {
      sliders[name].addEventListener("input", function () {
        fields[name].value = name === "n" ? sliders[name].value : fmt(Number(sliders[name].value), 0);
        update();
      });
    });
    fields.epsilon.addEventListener("keydown", function (event) {
      var sign = { ArrowUp: 1, ArrowDown: -1 }[event.key];
      var value = dp.parse(fields.epsilon.value, locale);
      if (!sign || !Number.isFinite(value)) return;
      event.preventDefault();
      var next = Math.round((value + sign * SLIDERS.epsilon[2]) * 1000) / 1000;
      fields.epsilon.value = fmt(Math.min(EPSILON[1], Math.max(SLIDERS.epsilon[2], next)), 0);
      update();
    });
    lock.addEventListener("change", function () {
      locked = lock.checked && last ? { lo: last.lo, hi: last.hi, top: last.top, epsilon: last.epsilon }
        : null;
      update();
    });
    if (window.ResizeObserver) {
      var seen = 0;
      new ResizeObserver(function () {
        var width = Math.round(chart.getBoundingClientRect().width);
        if (width !== seen && last) draw(last);
        seen = width;
      }).observe(chart);
    }
    update();
  }

  /** Draw each explorer when it comes near the viewport: the first draw measures the chart,
      which forces a layout of the whole (long) page, so it should not block the page load. */
  function start() {
    document.querySelectorAll(".dp-explorer:not(.dp-ready)").forEach(function (root, index) {
      if (!("IntersectionObserver" in window)) return init(root, index);
      var watcher = new IntersectionObserver(function (entries) {
        if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
        watcher.disconnect();
        if (!root.classList.contains("dp-ready")) init(root, index);
      }, { rootMargin: "300px 0px" });
      watcher.observe(root);
    });
  }
  // Material's document$ announces every page, also under its instant navigation.
  if (window.document$) window.document$.subscribe(start);
  else start();
})();
