/* Density explorer: two ideal Laplace densities for neighbouring means and the difference of
   their log-densities, drawn as inline SVG at the size they are shown (1 unit = 1 CSS px).
   The numbers follow dplesson.laplace_calibration and dplesson.laplace_log_density.
   The axes are locked by default: the z window and the density scale of a reference ε (the ε
   when the lock was set, 1 at first) stay while ε moves, faint reference curves show that ε,
   and a scale only grows, so that nothing is cut off. The difference chart always shows the
   band of ±ε, at least 10 px from zero, and its line inside the plot. */
(function () {
  "use strict";
  var dp = window.dpWidgets;
  var node = dp.node;
  var SVG = "http://www.w3.org/2000/svg";
  // The input rules of laplace_calibration.
  var COUNT = [1, 4096], BOUND = [-1e6, 1e6], EPSILON = [0.001, 100], MIN_WIDTH = 0.001;
  var POINTS = 401; // evenly spaced points of the window, plus the two centres
  var EPSILON_STEP = 0.1; // the ε slider: 0.1 to 5, the arrow keys in the ε field
  // The n slider's stops, one a step: every size from 1 to 4096 in about 40 steps.
  var STOPS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 200,
    250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4096];
  var SLIDERS = { n: [0, STOPS.length - 1, 1], epsilon: [0.1, 5, EPSILON_STEP] };
  var BAND = 10; // px from zero to each ±ε line, at least: room for two tick labels (19 px in CJK)
  var HEIGHT = 250, DIFF_HEIGHT = 170, LEFT = 58, RIGHT = 14, TOP = 50, BOTTOM = 46;
  var SHOWN = 6; // significant digits shown; data-value holds the full double

  function svg(tag, attrs, children) {
    return node(tag, attrs, children, SVG);
  }

  function init(root, index) {
    var t = dp.strings(root);
    var fmt = function (x, digits) {
      return dp.format(x, digits === undefined ? SHOWN : digits);
    };
    var id = "dp-explorer-" + index + "-";
    var fields = {}, sliders = {}, errors = {};
    var grid = node("div", { class: "dp-fields" });
    [
      ["n", "text", "4", { inputmode: "numeric" }],
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
      var cell = node("div", { class: "dp-field" + (SLIDERS[name] ? " dp-field--slider" : "") }, [
        node("label", { for: attrs.id }, [t(name)]), pair, errors[name],
      ]);
      grid.append(cell);
    });
    var lock = node("input", { id: id + "lock", name: "lock", type: "checkbox" });
    lock.checked = true;
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
    // The charts' width before anything changes: the page's layout is fresh, so reading it
    // costs nothing, where a read after the first draw would lay the whole page out again.
    var pad = getComputedStyle(root);
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    var firstWidth = Math.min(40 * rem, root.getBoundingClientRect().width -
      parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight) -
      parseFloat(pad.borderLeftWidth) - parseFloat(pad.borderRightWidth));
    root.replaceChildren(controls, chart, diff, results, live, caveat);
    root.classList.add("dp-ready");
    var locked = { epsilon: 1 }, last = null, summary = "", drawnWidth = 0;
    var announce = dp.debounce(function () {
      live.textContent = summary;
    }, 700);

    function read() {
      var bad = [], v = {};
      Object.keys(fields).forEach(function (name) {
        v[name] = dp.parse(fields[name].value);
      });
      var inRange = function (x, range) {
        return Number.isFinite(x) && range[0] <= x && x <= range[1];
      };
      if (!Number.isInteger(v.n) || !inRange(v.n, COUNT)) bad.push(["n", COUNT]);
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
      if (document.activeElement !== sliders.epsilon) sliders.epsilon.value = String(v.epsilon);
      if (document.activeElement !== sliders.n) sliders.n.value = String(stopOf(v.n));
      sliders.n.setAttribute("aria-valuetext", fmt(v.n, 0));
      sliders.epsilon.setAttribute("aria-valuetext", fmt(v.epsilon, 0));

      // laplace_calibration: exact, then rounded up.
      var width = dp.exact(v.upper) - dp.exact(v.lower);
      var delta = dp.up(width, BigInt(v.n));
      var scaleAt = function (epsilon) {
        return dp.up(width << 1074n, BigInt(v.n) * dp.exact(epsilon));
      };
      var scale = scaleAt(v.epsilon);
      var centreA = v.lower; // the mean of n values all at the lower bound
      var centreB = v.lower + delta; // one of them replaced by the upper bound
      // The reference: the locked ε (its window and scales), or the current one unlocked.
      var reference = locked ? locked.epsilon : v.epsilon;
      var refScale = locked ? scaleAt(reference) : scale;
      var lo = centreA - 5 * refScale;
      var hi = centreB + 5 * refScale;
      var points = [];
      for (var i = 0; i < POINTS; i++) points.push(lo + ((hi - lo) * i) / (POINTS - 1));
      [centreA, centreB].forEach(function (centre) { // the peaks, where they are in view
        if (lo < centre && centre < hi) points.push(centre);
      });
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
          var value = dp.number(row[1], row[0] === "bound" ? 0 : SHOWN);
          value.dataset.key = row[0];
          out.push(node("dt", {}, [dp.fill(t(row[0]), { points: fmt(points.length, 0) })]));
          out.push(node("dd", {}, [value]));
          return out;
        }, [])
      );
      var widest = Math.max(v.epsilon, reference); // the scales never shrink below it
      last = {
        points: points, lo: lo, hi: hi, scale: scale, a: centreA, b: centreB,
        logDensity: logDensity, gaps: gaps, largest: largest, epsilon: v.epsilon,
        top: (1.15 * widest) / (2 * delta),
        range: 1.3 * widest,
        reference: locked ? { epsilon: reference, scale: refScale } : null,
      };
      draw(last, firstWidth);
      firstWidth = 0; // later draws measure the chart
      summary = dp.fillText(t("summary"), { s: fmt(scale), max: fmt(largest), epsilon: fmt(v.epsilon, 0) });
      announce();
    }

    /* Both charts are as wide as the widget allows: measured once a draw (one layout). */
    function frame(el, height, s, width) {
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

    function draw(s, known) {
      var measured = Math.round(known || chart.getBoundingClientRect().width) || 640;
      drawnWidth = measured;
      var f = frame(chart, HEIGHT, s, measured), x = f.x, width = f.width;
      var base = f.height - BOTTOM;
      var top = TOP + (s.reference ? 20 : 0); // room for the reference's legend row
      var y = function (density) {
        return (base - (density / s.top) * (base - top)).toFixed(2);
      };
      var curve = function (centre, scale) {
        return s.points.map(function (z, k) {
          var density = Math.exp(-Math.abs(z - centre) / scale) / (2 * scale);
          return (k ? "L" : "M") + x(z) + " " + y(density);
        }).join("");
      };
      var label = dp.fillText(t("chart"), {
        s: fmt(s.scale), a: fmt(s.a), b: fmt(s.b), lo: fmt(s.lo), hi: fmt(s.hi),
      });
      var legend = function (k, key, value) {
        var row = 16 + 20 * k;
        return svg("g", { class: "dp-legend" }, [
          svg("line", { class: "dp-curve-" + key, x1: LEFT, x2: LEFT + 34, y1: row - 5, y2: row - 5 }),
          svg("text", { x: LEFT + 42, y: row }, [dp.fillText(t("legend-" + key), { value: value })]),
        ]);
      };
      var parts = [
        svg("title", { id: id + "chart-title" }, [label]),
        clip("clip", width, top - 4, base),
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
        return svg("line", { class: "dp-guide", x1: x(z), x2: x(z), y1: top, y2: base });
      };
      var ghosts = s.reference ? [s.a, s.b].map(function (centre) {
        return svg("path", { class: "dp-curve-ref", d: curve(centre, s.reference.scale) });
      }) : [];
      var plot = svg("g", { "clip-path": "url(#" + id + "clip)" }, ghosts.concat([
        svg("path", { class: "dp-curve-a", d: curve(s.a, s.scale) }),
        svg("path", { class: "dp-curve-b", d: curve(s.b, s.scale) }),
      ]));
      parts.push(
        svg("line", { class: "dp-axis", x1: LEFT, x2: width - RIGHT, y1: base, y2: base }),
        svg("line", { class: "dp-axis", x1: LEFT, x2: LEFT, y1: top - 4, y2: base }),
        guide(s.a), guide(s.b), plot,
        svg("text", { x: (LEFT + width - RIGHT) / 2, y: base + 38, "text-anchor": "middle" },
          [t("axis-z")]),
        svg("text", { x: -(top + base) / 2, y: 14, "text-anchor": "middle", transform: "rotate(-90)" },
          [t("axis-density")]),
        legend(0, "a", fmt(s.a)),
        legend(1, "b", fmt(s.b))
      );
      if (s.reference) parts.push(legend(2, "ref", fmt(s.reference.epsilon, 0)));
      chart.setAttribute("data-lo", String(s.lo));
      chart.setAttribute("data-hi", String(s.hi));
      chart.setAttribute("data-points", String(POINTS));
      chart.setAttribute("aria-label", label);
      chart.replaceChildren.apply(chart, parts);
      drawDiff(s, measured);
    }

    function drawDiff(s, measured) {
      var f = frame(diff, DIFF_HEIGHT, s, measured), x = f.x, width = f.width;
      var top = 34, bottom = f.height - 14;
      // Locked, the range stays, unless the ±ε lines would come closer than BAND px to zero.
      var range = Math.max(1.3 * s.epsilon, Math.min(s.range, (s.epsilon * (bottom - top)) / 2 / BAND));
      var y = function (g) {
        return ((top + bottom) / 2 - (g / range) * ((bottom - top) / 2)).toFixed(2);
      };
      var labelled = [];
      var tick = function (g, text) { // a tick label, unless it would overlap one drawn before
        var at = Number(y(g));
        if (labelled.some(function (other) { return Math.abs(other - at) < 2 * BAND; })) return;
        labelled.push(at);
        parts.push(svg("text", { x: LEFT - 6, y: at + 4, "text-anchor": "end", class: "dp-tick" },
          [text]));
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
        parts.push(svg("line", { class: "dp-bound", x1: LEFT, x2: width - RIGHT, y1: y(g), y2: y(g) }));
        tick(g, fmt(g, 4));
        if (!k) parts.push(svg("text", { x: width - RIGHT, y: Math.max(top, Number(y(g)) - 5),
          "text-anchor": "end" }, [dp.fillText(t("diff-bound"), { epsilon: fmt(s.epsilon, 0) })]));
      });
      tick(0, fmt(0));
      parts.push(
        svg("g", { "clip-path": "url(#" + id + "diff-clip)" }, [
          svg("path", { class: "dp-curve-diff", d: path }),
        ])
      );
      diff.setAttribute("data-max", String(s.largest));
      diff.setAttribute("data-epsilon", String(s.epsilon));
      diff.setAttribute("data-plot", [LEFT, top, width - RIGHT, bottom].join(" "));
      diff.setAttribute("aria-label", label);
      diff.replaceChildren.apply(diff, parts);
    }

    Object.keys(fields).forEach(function (name) {
      fields[name].addEventListener("input", update);
    });
    Object.keys(sliders).forEach(function (name) {
      sliders[name].addEventListener("input", function () {
        var value = Number(sliders[name].value);
        fields[name].value = fmt(name === "n" ? STOPS[value] : value, 0);
        update();
      });
    });
    // The arrow keys step a field with a slider: n by 1, ε by 0.1, within their ranges.
    [["n", 1, COUNT[0], COUNT[1]], ["epsilon", EPSILON_STEP, EPSILON_STEP, EPSILON[1]]]
      .forEach(function (spec) {
        var field = fields[spec[0]];
        field.addEventListener("keydown", function (event) {
          var sign = { ArrowUp: 1, ArrowDown: -1 }[event.key];
          var value = dp.parse(field.value);
          if (!sign || !Number.isFinite(value)) return;
          event.preventDefault();
          var next = Math.round((value + sign * spec[1]) * 1000) / 1000;
          field.value = fmt(Math.min(spec[3], Math.max(spec[2], next)), 0);
          update();
        });
      });
    lock.addEventListener("change", function () {
      locked = lock.checked && last ? { epsilon: last.epsilon } : null;
      update();
    });
    update();
    if (window.ResizeObserver) { // redraw at a new width (a turned phone, a wider window)
      new ResizeObserver(function (entries) {
        var width = Math.round(entries[0].contentRect.width);
        if (width !== drawnWidth && last) draw(last);
      }).observe(chart);
    }
  }

  /** The stop of the n slider nearest to n. */
  function stopOf(n) {
    var best = 0;
    STOPS.forEach(function (stop, k) {
      if (Math.abs(stop - n) < Math.abs(STOPS[best] - n)) best = k;
    });
    return best;
  }

  /** Draw each explorer while the page loads (in a task of its own, after the one that ran
      the scripts): drawn before the load event, so a link to an anchor below it lands where
      it points and printing shows it; before printing at once, if that comes first. Measured
      with Chromium at 4x CPU throttling on /laplace/: about 45 ms, reading the width from
      the page's fresh layout instead of forcing a new one. */
  function start() {
    document.querySelectorAll(".dp-explorer:not(.dp-ready)").forEach(init);
  }
  window.addEventListener("beforeprint", start);
  // Material's document$ announces every page, also under its instant navigation.
  if (window.document$) window.document$.subscribe(function () { setTimeout(start, 0); });
  else setTimeout(start, 0);
})();
