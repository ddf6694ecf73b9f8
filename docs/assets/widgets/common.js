/* Shared helpers of the lesson's widgets: numbers (through docs/assets/numbers.js), templates
   and exact sums.
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

  /** The page's one number reader and writer (docs/assets/numbers.js, loaded before this):
      parse(text) is a number or NaN; format(x, digits) writes x the page's way. */
  dp.parse = window.dpNumbers.parse;
  dp.format = window.dpNumbers.format;

  /** A span showing x formatted, with the raw double in data-value. */
  dp.number = function (x, digits) {
    var span = document.createElement("span");
    span.className = "dp-num";
    span.dataset.value = String(x);
    span.textContent = dp.format(x, digits);
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
