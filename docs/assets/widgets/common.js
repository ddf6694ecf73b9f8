/* Shared helpers of the lesson's widgets: locale-aware numbers, templates and exact sums.
   No reader-facing text lives in these scripts: every string comes from the page's data-t-*
   attributes, which the translators write in docs/<locale>/laplace.md and composition.md. */
(function () {
  "use strict";
  var dp = (window.dpWidgets = {});
  var view = new DataView(new ArrayBuffer(8));

  /** An element with attributes and children; in the SVG namespace if `ns` is given. */
  dp.node = function (tag, attrs, children, ns) {
    var el = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      el.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      el.append(child);
    });
    return el;
  };

  /** Call fn once the calls to the returned function have paused for `ms` milliseconds. */
  dp.debounce = function (fn, ms) {
    var timer;
    return function () {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    };
  };

  /** About `count` round tick values (1, 2 or 5 times a power of ten) from lo to hi. */
  dp.ticks = function (lo, hi, count) {
    var raw = (hi - lo) / count;
    var power = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 5, 10].map(function (m) { return m * power; }).find(function (s) {
      return s >= raw;
    });
    var out = [];
    for (var k = Math.ceil(lo / step); k * step <= hi + step * 1e-9; k++) {
      out.push(Number((k * step).toPrecision(12)));
    }
    return out;
  };

  /** The page's locale, from <html lang>. */
  dp.locale = function () {
    return document.documentElement.lang || "en";
  };

  /** A function key -> text that reads the root's data-t-<key> attribute. */
  dp.strings = function (root) {
    return function (key) {
      var text = root.getAttribute("data-t-" + key);
      return text === null ? "[" + key + "]" : text;
    };
  };

  /** Replace {name} in a template by values[name] (strings or DOM nodes); a DocumentFragment. */
  dp.fill = function (template, values) {
    var out = document.createDocumentFragment();
    template.split(/(\{\w+\})/).forEach(function (part) {
      var key = /^\{(\w+)\}$/.exec(part);
      var value = key && key[1] in values ? values[key[1]] : part;
      out.append(value);
    });
    return out;
  };

  /** The same, as plain text (for aria-label and <title>). */
  dp.fillText = function (template, values) {
    return dp.fill(template, values).textContent;
  };

  function symbols(locale) {
    var found = { group: ",", decimal: "." };
    new Intl.NumberFormat(locale).formatToParts(12345.5).forEach(function (part) {
      if (part.type === "group" || part.type === "decimal") found[part.type] = part.value;
    });
    return found;
  }

  function escape(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  /** Parse a number written in the locale's format ("0,5" in de), or in plain code notation
      ("0.5", "8.67e-19") where the locale's format does not apply; NaN if it is neither. */
  dp.parse = function (text, locale) {
    var sym = symbols(locale);
    var s = String(text).trim().replace(/\u2212/g, "-");
    var group = /\s/.test(sym.group) ? "[\\s\\u00a0\\u202f]" : escape(sym.group);
    var local = new RegExp(
      "^([+-]?)(\\d{1,3}(?:" + group + "\\d{3})+|\\d+)?(?:" + escape(sym.decimal) +
        "(\\d+))?([eE][+-]?\\d+)?$"
    ).exec(s);
    if (local && (local[2] || local[3])) {
      return Number(
        local[1] + (local[2] || "0").replace(/\D/g, "") + "." + (local[3] || "0") + (local[4] || "")
      );
    }
    return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : NaN;
  };

  /** Format x in the locale: to `digits` significant digits, or by default with the fewest
      digits that read back as the same double. Very small or large numbers use E notation. */
  dp.format = function (x, locale, digits) {
    if (x === 0) x = 0; // no "-0"
    var p = digits;
    if (!p) for (p = 1; p < 17 && Number(x.toPrecision(p)) !== x; p++);
    var size = Math.abs(x);
    return new Intl.NumberFormat(locale, {
      maximumSignificantDigits: p,
      notation: size !== 0 && (size < 1e-6 || size >= 1e15) ? "scientific" : "standard",
    }).format(x);
  };

  /** A span showing x formatted, with the raw double in data-value. */
  dp.number = function (x, locale, digits) {
    var span = document.createElement("span");
    span.className = "dp-num";
    span.dataset.value = String(x);
    span.textContent = dp.format(x, locale, digits);
    return span;
  };

  /** The exact binary value of a finite double, as a BigInt in units of 2^-1074. */
  dp.exact = function (x) {
    view.setFloat64(0, x);
    var bits = view.getBigUint64(0);
    var exponent = Number((bits >> 52n) & 0x7ffn);
    var mantissa = bits & 0xfffffffffffffn;
    var units = exponent === 0 ? mantissa : (mantissa | 0x10000000000000n) << BigInt(exponent - 1);
    return bits >> 63n ? -units : units;
  };

  function pow2(k) {
    // 2^k exactly, for -1074 <= k <= 1023
    view.setBigUint64(0, k >= -1022 ? BigInt(k + 1023) << 52n : 1n << BigInt(k + 1074));
    return view.getFloat64(0);
  }

  /** units * 2^-1074 rounded to the nearest double, ties to even (as math.fsum rounds). */
  dp.nearest = function (units) {
    var negative = units < 0n;
    var n = negative ? -units : units;
    var length = n.toString(2).length;
    var x;
    if (n === 0n) x = 0;
    else if (length <= 53) x = Number(n) * pow2(-1074);
    else {
      var shift = BigInt(length - 53);
      var q = n >> shift;
      var rest = n - (q << shift);
      var half = 1n << (shift - 1n);
      if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
      x = Number(q) * pow2(length - 53 - 1074);
    }
    return negative ? -x : x;
  };

  /** The least double >= num / den units of 2^-1074 (num >= 0n): float_up. */
  dp.up = function (num, den) {
    var x = dp.nearest(num / den), step = function (d) {
      view.setFloat64(0, x);
      view.setBigUint64(0, view.getBigUint64(0) + d);
      return view.getFloat64(0);
    };
    while (dp.exact(x) * den < num) x = step(1n);
    while (x > 0 && dp.exact(step(-1n)) * den >= num) x = step(-1n);
    return x;
  };
})();
