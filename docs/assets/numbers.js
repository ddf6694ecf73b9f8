/* The one way numbers are written and read on a page: widgets and exercises alike.
   The rules are dplesson.locales.format_number and parse_number, driven by the same settings
   of dplesson/locales/<locale>.yml, which the build writes into <script id="dp-numbers">
   (decimal sign, group sign, the fewest digits that are grouped, the language). */
(function () {
  "use strict";
  var source = document.getElementById("dp-numbers");
  var S = source ? JSON.parse(source.textContent)
    : { lang: document.documentElement.lang || "en", decimal: ".", group: "\u202f", group_from: 5 };
  var plurals = {};

  /* The language an element's text is written in: its nearest lang attribute (English inside
     <article lang="en"> where a language in progress shows the English page), else the page's. */
  function textLang(element) {
    var marked = element && element.closest ? element.closest("[lang]") : null;
    return (marked && marked.getAttribute("lang")) || S.lang;
  }

  /* Round x to `places` decimals from its exact value, ties to even (Python's format).
     Beyond 100 places (tiny x, where no tie can occur) toPrecision rounds the same way. */
  function fixed(x, places, digits) {
    if (places > 100) return positional(x.toPrecision(digits));
    var text = x.toFixed(places);
    var twice = x * Math.pow(2, places + 1); // an odd integer exactly when x is a tie
    if (Number.isInteger(twice) && Math.abs(twice % 2) === 1) {
      var units = (BigInt(Math.abs(twice)) * 5n ** BigInt(places) - 1n) / 2n; // the lower one
      if (units % 2n) units += 1n;
      var digits = units.toString().padStart(places + 1, "0");
      text = (x < 0 ? "-" : "") + (places ? digits.slice(0, -places) + "." + digits.slice(-places)
        : digits);
    }
    return text;
  }

  /* Positional digits of a float written by JavaScript ("1.5e-7" -> "0.00000015"). */
  function positional(text) {
    var m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
    if (!m) return text;
    var digits = m[2] + (m[3] || ""), shift = Number(m[4]) + 1;
    if (shift <= 0) return m[1] + "0." + "0".repeat(-shift) + digits;
    if (shift >= digits.length) return m[1] + digits + "0".repeat(shift - digits.length);
    return m[1] + digits.slice(0, shift) + "." + digits.slice(shift);
  }

  /** x written the locale's way: the shortest text that reads back as x, or `digits`
      significant digits (never fewer integer digits); no exponent; U+2212 for minus. */
  function format(x, digits) {
    if (!Number.isFinite(x)) return String(x);
    var text;
    if (!digits || x === 0 || Math.abs(x) >= 1e15) text = positional(String(x));
    else text = fixed(x, Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(x)))), digits);
    if (text.indexOf(".") >= 0) text = text.replace(/0+$/, "").replace(/\.$/, "");
    if (text === "-0") text = "0";
    var negative = text[0] === "-";
    var parts = text.replace("-", "").split(".");
    var whole = parts[0];
    if (whole.length >= S.group_from) {
      var head = whole.length % 3 || 3, groups = [whole.slice(0, head)];
      for (var i = head; i < whole.length; i += 3) groups.push(whole.slice(i, i + 3));
      whole = groups.join(S.group);
    }
    return (negative ? "\u2212" : "") + whole + (parts[1] ? S.decimal + parts[1] : "");
  }

  var TYPED = { "\uff0e": ".", "\u3002": ".", "\uff61": ".", "\uff0c": ",", "\uff0b": "+",
    "\uff0d": "-", "\u2212": "-", "\u2013": "-", "\uff45": "e", "\uff25": "E" };

  function plain(text) {
    return String(text).replace(/[\uff10-\uff19]/g, function (c) {
      return String(c.charCodeAt(0) - 0xff10);
    }).replace(/[\uff0e\u3002\uff61\uff0c\uff0b\uff0d\u2212\u2013\uff45\uff25]/g, function (c) {
      return TYPED[c];
    }).replace(/[\u00a0\u2007\u2009\u202f\u3000]/g, " ").trim();
  }

  function grouped(whole, sign) {
    var ok = new RegExp("^[1-9][0-9]{0,2}(?:" + (sign === " " ? " " : "\\" + sign) +
      "[0-9]{3})+$").test(whole);
    return ok ? whole.split(sign).join("") : null;
  }

  /* Integer digits, fraction digits and whether groups were read; null if not a number. */
  function split(body, dec) {
    var other = dec === "." ? "," : ".";
    var count = function (sign) { return body.split(sign).length - 1; };
    if (count(dec) > 1) return null;
    if (count(dec) === 0 && count(other) === 1) {
      var pair = body.split(other);
      if (body.indexOf(" ") < 0 && /^[1-9][0-9]{0,2}$/.test(pair[0]) && /^[0-9]{3}$/.test(pair[1])) {
        return [pair[0] + pair[1], "", true]; // "1,000" in English, "1.000" in German
      }
      other = dec; // "0,5" in English, "0.5" in German: the other decimal sign
      dec = dec === "." ? "," : ".";
    }
    var at = body.indexOf(dec);
    var whole = at < 0 ? body : body.slice(0, at);
    var fraction = at < 0 ? "" : body.slice(at + 1);
    var isGrouped = !/^[0-9]*$/.test(whole);
    if (isGrouped) {
      whole = grouped(whole, whole.indexOf(" ") >= 0 ? " " : other);
      if (whole === null) return null;
    }
    if (at >= 0 && !/^[0-9]+$/.test(fraction)) return null;
    if (!whole && !fraction) return null;
    return [whole, fraction, isGrouped];
  }

  /** Read a number typed in the locale; {value, grouped}, value NaN if it is not one. */
  function read(text) {
    var m = /^([+-]?)([0-9., ]+?)([eE][+-]?[0-9]+)?$/.exec(plain(text));
    var parts = m && split(m[2], S.decimal);
    if (!parts || (parts[2] && m[3])) return { value: NaN, grouped: false };
    var value = Number(m[1] + (parts[0] || "0") + "." + (parts[1] || "0") + (m[3] || ""));
    return { value: Number.isFinite(value) ? value : NaN, grouped: parts[2] };
  }

  window.dpNumbers = {
    settings: S,
    format: format,
    read: read,
    /** The number typed in the locale, or NaN. */
    parse: function (text) { return read(text).value; },
    /** The plural category of n ("one", "other", ...) in the language of `element`'s text
        (the page's language without one), so a count is worded as its sentence is written. */
    plural: function (n, element) {
      var lang = textLang(element);
      if (!plurals[lang]) plurals[lang] = new Intl.PluralRules(lang);
      return plurals[lang].select(n);
    },
  };
})();
