/* The lesson's exercises: retries with hints, a solution on request, new numbers on each
   attempt, shuffled options, and progress kept in this browser only.
   No reader-facing text lives here: the strings come from the page's
   <script id="dp-exercise-ui"> (dplesson/locales/<locale>.yml, written by
   docs/hooks/exercises.py); the question, options, hint and explanation are the page's own
   [data-exercise] blocks, and a numeric block's data-variants holds its other numbers and
   their answers (dplesson.exercises). Numbers are read and written by docs/assets/numbers.js.
   Progress is one versioned JSON entry in localStorage: no cookie, no request.

   Per exercise the entry keeps: status (tried, solved, revealed: the best so far; solved
   only by a right answer to numbers whose solution was not shown), first (solved at the
   very first check, without the hint), attempt (each new attempt draws other numbers and
   another option order from the browser's seed), the last answer, and whether the current
   attempt is done (answered right, or its solution shown: then the explanation shows). */
(function () {
  "use strict";
  var KEY = "dplesson-exercises";
  var VERSION = 2;
  var MATHML = "http://www.w3.org/1998/Math/MathML";
  var numbers = window.dpNumbers;
  var ui, S, state;
  var saved = true;
  var exercises = [];

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? String(values[name]) : all;
    });
  }

  function make(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      node.setAttribute(name, attrs[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* Storage: any exception (blocked, private mode, quota) leaves a working page view. */
  function newSeed() {
    try {
      return window.crypto.getRandomValues(new Uint32Array(1))[0];
    } catch (error) {
      return Math.floor(Math.random() * 4294967296);
    }
  }

  function fresh() {
    return { version: VERSION, seed: newSeed(), answers: {} };
  }

  function load() {
    state = fresh();
    try {
      var text = window.localStorage.getItem(KEY);
      var data = text ? JSON.parse(text) : null;
      if (data && data.version === VERSION && data.answers && typeof data.seed === "number") {
        state = data;
      } else if (data && data.version === 1 && data.answers) {
        // Before retries existed a right answer may have followed the explanation: kept as
        // solved, never as solved at the first try.
        Object.keys(data.answers).forEach(function (id) {
          if (data.answers[id] && data.answers[id].right === true) {
            state.answers[id] = { status: "solved", first: false };
          }
        });
        save();
      }
    } catch (error) {
      saved = false;
    }
  }

  function save() {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(state));
    } catch (error) {
      saved = false;
      showNote();
    }
  }

  function reset() {
    state = fresh();
    try {
      window.localStorage.removeItem(KEY);
    } catch (error) {
      saved = false;
    }
    exercises.forEach(function (exercise) {
      exercise.restore();
    });
    updateProgress();
  }

  function showNote() {
    if (saved || document.querySelector(".dp-exercise-note")) return;
    var note = make("p", { class: "dp-exercise-note" }, S.storage_unavailable);
    var anchor =
      document.querySelector("[data-exercise-progress]") ||
      document.querySelector(".dp-exercise-overview__title") ||
      document.querySelector("[data-exercise]");
    if (!anchor) return;
    if (anchor.hasAttribute("data-exercise")) anchor.before(note);
    else anchor.after(note);
  }

  /* A random stream from the browser's seed and a label: the same in every page view. */
  function random(label) {
    var h = 2166136261;
    for (var i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
    var a = (h ^ state.seed) >>> 0;
    return function () { // mulberry32
      a = (a + 0x6d2b79f5) >>> 0;
      var t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function shuffled(list, next) {
    var out = list.slice();
    for (var i = out.length - 1; i > 0; i--) {
      var j = Math.floor(next() * (i + 1));
      var swap = out[i];
      out[i] = out[j];
      out[j] = swap;
    }
    return out;
  }

  function entry(id) {
    var e = state.answers[id] || {};
    e.attempt = e.attempt || 0;
    e.revealed = e.revealed || [];
    e.tries = e.tries || 0;
    return (state.answers[id] = e);
  }

  function counts(ids) {
    var found = { total: ids.length, done: 0, first: 0, seen: 0 };
    ids.forEach(function (id) {
      var e = state.answers[id];
      if (!e) return;
      if (e.status === "solved") found.done += 1;
      if (e.status === "solved" && e.first) found.first += 1;
      if (e.status === "revealed") found.seen += 1;
    });
    found.complete = found.done + found.seen === found.total;
    return found;
  }

  function ids(node) {
    return node.getAttribute("data-ids").split(/\s+/).filter(Boolean);
  }

  function show(node, template, found) {
    var values = {};
    Object.keys(found).forEach(function (key) {
      values[key] = numbers.format(found[key]);
    });
    node.textContent = fill(template, values);
    node.classList.toggle("dp-complete", found.complete);
  }

  function updateProgress() {
    document.querySelectorAll("[data-exercise-progress]").forEach(function (node) {
      var found = counts(ids(node));
      show(node, found.complete ? S.chapter_complete : found.seen ? S.progress_seen
        : S.progress, found);
    });
    document.querySelectorAll("[data-exercise-count]").forEach(function (node) {
      var found = counts(ids(node));
      show(node, found.complete ? S.overview_complete : S.overview_count, found);
    });
    document.querySelectorAll("[data-exercise-course]").forEach(function (node) {
      var found = counts(ids(node));
      show(node, found.complete ? S.course_complete : S.course_progress, found);
    });
  }

  function part(root, name) {
    return root.querySelector('[data-part="' + name + '"]');
  }

  /* The content of a Markdown part without its wrapping paragraph, for a label. */
  function contents(node) {
    var only = node.children.length === 1 && node.children[0].tagName === "P";
    var from = only ? node.children[0] : node;
    var out = document.createDocumentFragment();
    while (from.firstChild) out.append(from.firstChild);
    return out;
  }

  /* A value in a formula: a leading minus is a prefix operator, as the build writes it. */
  function mathValue(node, text) {
    var parts = [];
    if (text.charAt(0) === "\u2212") {
      var sign = document.createElementNS(MATHML, "mo");
      sign.setAttribute("form", "prefix");
      sign.setAttribute("lspace", "0");
      sign.setAttribute("rspace", "0");
      sign.textContent = "\u2212";
      parts.push(sign);
      text = text.slice(1);
    }
    var digits = document.createElementNS(MATHML, "mn");
    digits.textContent = text;
    parts.push(digits);
    node.replaceChildren.apply(node, parts);
  }

  /* A targeted note on a wrong number: its sign, its rounding, a power of ten, or how a
     typed group was read. */
  function diagnose(value, answer, tolerance, grouped) {
    var notes = [];
    var near = tolerance + 1e-9 * Math.max(1, Math.abs(answer));
    var ratio = answer && value ? Math.log10(Math.abs(value / answer)) : 0;
    var power = Math.round(ratio);
    if (answer !== 0 && Math.abs(value + answer) <= near) notes.push(S.sign);
    else if (Math.abs(value - answer) <= Math.max(10 * tolerance, 0.05 * Math.abs(answer))) {
      notes.push(S.close);
    } else if (power && Math.abs(power) <= 3 && Math.abs(ratio - power) < 0.02) {
      notes.push(fill(S.power, { factor: numbers.format(Math.pow(10, Math.abs(power))) }));
    }
    if (grouped) notes.push(fill(S.read_as, { value: numbers.format(value) }));
    return notes;
  }

  function enhance(root) {
    var id = root.getAttribute("data-exercise");
    var kind = root.getAttribute("data-kind");
    if (!kind || root.querySelector(".dp-exercise__form")) return;
    var uid = "dp-exercise-" + id;
    var variants = kind === "number" ? JSON.parse(root.getAttribute("data-variants")) : [null];
    var tolerance = Number(root.getAttribute("data-tolerance") || "0");
    var hint = part(root, "hint");
    var explain = part(root, "explain");
    var status = make("p", { class: "dp-exercise__status" });
    var form = make("form", { class: "dp-exercise__form", novalidate: "" });
    var feedback = make("p", { class: "dp-exercise__feedback", role: "status", id: uid + "-feedback" });
    var field, rows = {};
    if (kind === "number") {
      form.append(make("label", { for: uid + "-answer" }, S.answer_label));
      field = make("input", {
        type: "text",
        id: uid + "-answer",
        inputmode: "decimal",
        autocomplete: "off",
        spellcheck: "false",
        "aria-describedby": uid + "-feedback",
      });
      form.append(field);
    } else {
      field = make("fieldset", { "aria-describedby": uid + "-feedback" });
      field.append(make("legend", {}, S.choose_legend));
      root.querySelectorAll('[data-part="option"]').forEach(function (option) {
        var value = option.getAttribute("data-option");
        var row = make("div", { class: "dp-exercise__option" });
        var input = make("input", { type: "radio", name: uid, value: value, id: uid + "-" + value });
        var label = make("label", { for: uid + "-" + value });
        label.append(contents(option));
        row.append(input, label);
        rows[value] = row;
        option.remove();
      });
      field.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {
          event.preventDefault();
          check();
        }
      });
      form.append(field);
    }
    var buttons = make("div", { class: "dp-exercise__buttons" });
    buttons.append(make("button", { type: "submit", class: "md-button md-button--primary" }, S.check));
    var toggle;
    if (hint) {
      hint.id = uid + "-hint";
      hint.classList.add("dp-exercise__hint");
      toggle = make("button", {
        type: "button",
        class: "md-button",
        "aria-expanded": "false",
        "aria-controls": hint.id,
      }, S.hint);
      toggle.addEventListener("click", function () {
        openHint(hint.hidden);
      });
      buttons.append(toggle);
    }
    var solution = make("button", { type: "button", class: "md-button", "data-action": "solution" },
      S.show_solution);
    var another = make("button", { type: "button", class: "md-button", "data-action": "another" },
      S.new_numbers);
    buttons.append(solution);
    if (variants.length > 1) buttons.append(another);
    form.append(buttons);
    root.prepend(status);
    root.insertBefore(form, hint || explain || null);
    (hint || form).after(feedback);
    if (explain) {
      explain.classList.add("dp-exercise__explain");
      explain.prepend(make("p", { class: "dp-exercise__explain-title" }, S.explanation));
      feedback.after(explain);
    }

    function openHint(open) {
      if (!hint) return;
      hint.hidden = !open;
      toggle.setAttribute("aria-expanded", String(open));
      var e = entry(id);
      if (open && !e.status && !e.hinted) {
        e.hinted = true; // the first try is no longer unaided
        save();
      }
    }

    function variant() {
      var e = entry(id);
      var order = shuffled(variants.map(function (v, k) { return k; }), random(id + "|numbers"));
      return order[e.attempt % order.length];
    }

    function say(kindOfState, text) {
      if (kindOfState) root.setAttribute("data-state", kindOfState);
      else root.removeAttribute("data-state");
      // The same message again still changes the region, so that it is announced again.
      feedback.textContent = text + (text && feedback.textContent === text ? "\u00a0" : "");
    }

    function showStatus() {
      var e = entry(id);
      var key = e.status === "solved" ? (e.first ? "first" : "solved")
        : e.status === "revealed" ? "revealed" : e.status === "tried" ? "tried" : "new";
      status.setAttribute("data-status", key);
      root.setAttribute("data-status", key);
      status.textContent = S["status_" + key];
      explain.hidden = !e.done; // until answered right or shown, in this attempt
      solution.hidden = Boolean(e.done);
      another.hidden = !e.done;
    }

    /* Put the current attempt on the page: its numbers, option order and last answer. */
    function restore() {
      var e = entry(id);
      var index = variant();
      root.setAttribute("data-variant", String(index));
      if (kind === "number") {
        var values = variants[index].v;
        root.querySelectorAll("[data-v]").forEach(function (node) {
          var text = values[node.getAttribute("data-v")];
          if (text === undefined) return;
          if (node.namespaceURI === MATHML) mathValue(node, text);
          else node.textContent = text;
        });
        field.value = e.last || "";
        field.removeAttribute("aria-invalid");
      } else {
        var order = shuffled(Object.keys(rows), random(id + "|options|" + e.attempt));
        order.forEach(function (value) {
          rows[value].removeAttribute("data-wrong");
          rows[value].querySelector("input").checked = value === e.last;
          field.append(rows[value]);
        });
      }
      if (hint) {
        hint.hidden = true;
        toggle.setAttribute("aria-expanded", "false");
      }
      say(e.right ? "right" : "", e.said ? S[e.said] : "");
      showStatus();
    }

    function check() {
      var e = entry(id);
      var index = variant();
      var right, last, notes = [];
      if (kind === "number") {
        var read = numbers.read(field.value);
        if (!Number.isFinite(read.value)) {
          field.setAttribute("aria-invalid", "true");
          say("malformed", fill(S.malformed, { example: numbers.format(0.25) }));
          return;
        }
        field.removeAttribute("aria-invalid");
        var answer = variants[index].a;
        right = Math.abs(read.value - answer) <= tolerance + 1e-9 * Math.max(1, Math.abs(answer));
        if (!right) notes = diagnose(read.value, answer, tolerance, read.grouped);
        last = field.value;
      } else {
        var chosen = field.querySelector("input:checked");
        if (!chosen) {
          say("unanswered", S.choose_first);
          return;
        }
        right = chosen.value === root.getAttribute("data-correct");
        if (!right) rows[chosen.value].setAttribute("data-wrong", "true");
        last = chosen.value;
      }
      var firstCheck = !e.status;
      e.tries += 1;
      e.last = last;
      e.right = right;
      if (right) {
        e.done = true;
        var counted = e.revealed.indexOf(index) < 0;
        if (counted && e.status !== "solved") {
          e.first = firstCheck && !e.hinted;
          e.status = "solved";
        }
        e.said = !counted ? "right_seen" : firstCheck && e.first ? "right_first" : "right";
      } else {
        if (!e.status) e.status = "tried";
        e.said = e.tries === 1 ? "wrong" : "wrong_again";
        if (e.tries === 1) openHint(true);
      }
      say(right ? "right" : "wrong", [S[e.said]].concat(notes).join(" "));
      showStatus();
      save();
      updateProgress();
    }

    solution.addEventListener("click", function () {
      var e = entry(id);
      e.done = true;
      if (e.revealed.indexOf(variant()) < 0) e.revealed.push(variant());
      if (e.status !== "solved") e.status = "revealed";
      e.said = "shown";
      say("revealed", S.shown);
      showStatus();
      save();
      updateProgress();
      explain.focus({ preventScroll: true });
    });
    another.addEventListener("click", function () {
      var e = entry(id);
      e.attempt += 1;
      e.tries = 0;
      e.last = "";
      e.right = false;
      e.done = false;
      e.said = "";
      save();
      restore();
      say("", S.new_numbers_done);
      (kind === "number" ? field : field.querySelector("input")).focus();
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      check();
    });
    if (explain) explain.setAttribute("tabindex", "-1");
    restore();
    exercises.push({ restore: restore });
  }

  function addOverview(overview) {
    var all = [];
    overview.querySelectorAll("[data-exercise-count]").forEach(function (node) {
      all = all.concat(ids(node));
    });
    var course = make("p", { class: "dp-exercise-overview__course", "data-exercise-course": "",
      "data-ids": all.join(" ") });
    var row = make("div", { class: "dp-exercise-overview__reset" });
    var button = make("button", { type: "button", class: "md-button" }, S.reset);
    var status = make("p", { role: "status", class: "dp-exercise-overview__status" });
    button.addEventListener("click", function () {
      reset();
      status.textContent = S.reset_done + (status.textContent === S.reset_done ? "\u00a0" : "");
    });
    row.append(button, status);
    overview.append(course, row);
  }

  /* The strings follow the page's scripts (docs/hooks/exercises.py), so start once parsed. */
  function start() {
    var source = document.getElementById("dp-exercise-ui");
    if (!source) return;
    ui = JSON.parse(source.textContent);
    S = ui.strings;
    load();
    document.querySelectorAll("[data-exercise]").forEach(enhance);
    document.querySelectorAll("[data-exercise-overview]").forEach(addOverview);
    updateProgress();
    showNote();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
