/* The lesson's exercises: answer fields, instant feedback and progress kept in this browser.
   No reader-facing text lives here: the strings and the decimal sign come from the page's
   <script id="dp-exercise-ui"> (docs/l10n/<locale>.yml, written by docs/hooks/exercises.py);
   the question, options, hint and explanation are the page's own [data-exercise] blocks.
   Progress is one versioned JSON entry in localStorage: no cookie, no request. */
(function () {
  "use strict";
  var KEY = "dplesson-exercises";
  var VERSION = 1;
  var ui, S;
  var state = { version: VERSION, answers: {} };
  var saved = true;

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
  function load() {
    try {
      var text = window.localStorage.getItem(KEY);
      var data = text ? JSON.parse(text) : null;
      if (data && data.version === VERSION && data.answers && typeof data.answers === "object") {
        state = data;
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
    state = { version: VERSION, answers: {} };
    try {
      window.localStorage.removeItem(KEY);
    } catch (error) {
      saved = false;
    }
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

  function done(ids) {
    return ids.filter(function (id) {
      return state.answers[id] && state.answers[id].right === true;
    }).length;
  }

  function updateProgress() {
    [
      ["[data-exercise-progress]", S.progress],
      ["[data-exercise-count]", S.overview_count],
    ].forEach(function (pair) {
      document.querySelectorAll(pair[0]).forEach(function (node) {
        var ids = node.getAttribute("data-ids").split(/\s+/).filter(Boolean);
        node.textContent = fill(pair[1], { done: done(ids), total: ids.length });
      });
    });
  }

  /* Numbers: "0.25", "0,25", "-1,5", "−1.5" with spaces around; nothing else. */
  function parseNumber(text) {
    var s = String(text).trim().replace(/\u2212/g, "-");
    if (!/^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/.test(s)) return null;
    return Number(s.replace(",", "."));
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

  function enhance(root) {
    var id = root.getAttribute("data-exercise");
    var kind = root.getAttribute("data-kind");
    if (!kind || root.querySelector(".dp-exercise__form")) return;
    var uid = "dp-exercise-" + id;
    var hint = part(root, "hint");
    var explain = part(root, "explain");
    var form = make("form", { class: "dp-exercise__form", novalidate: "" });
    var feedback = make("p", { class: "dp-exercise__feedback", role: "status", id: uid + "-feedback" });
    var field;
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
        field.append(row);
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
    if (hint) {
      hint.id = uid + "-hint";
      hint.hidden = true;
      hint.classList.add("dp-exercise__hint");
      var toggle = make("button", {
        type: "button",
        class: "md-button",
        "aria-expanded": "false",
        "aria-controls": hint.id,
      }, S.hint);
      toggle.addEventListener("click", function () {
        hint.hidden = !hint.hidden;
        toggle.setAttribute("aria-expanded", String(!hint.hidden));
      });
      buttons.append(toggle);
    }
    form.append(buttons);
    root.insertBefore(form, hint || explain || null);
    (hint || form).after(feedback);
    if (explain) {
      explain.hidden = true;
      explain.classList.add("dp-exercise__explain");
      explain.prepend(make("p", { class: "dp-exercise__explain-title" }, S.explanation));
      feedback.after(explain);
    }

    function say(kindOfState, text) {
      root.setAttribute("data-state", kindOfState);
      // The same message again still changes the region, so that it is announced again.
      feedback.textContent = text + (feedback.textContent === text ? "\u00a0" : "");
    }

    function check() {
      var right;
      if (kind === "number") {
        var value = parseNumber(field.value);
        if (value === null) {
          field.setAttribute("aria-invalid", "true");
          say("malformed", fill(S.malformed, { example: "0" + ui.decimal + "25" }));
          return;
        }
        field.removeAttribute("aria-invalid");
        var answer = Number(root.getAttribute("data-answer"));
        var tolerance = Number(root.getAttribute("data-tolerance") || "0");
        right = Math.abs(value - answer) <= tolerance + 1e-9 * Math.max(1, Math.abs(answer));
      } else {
        var chosen = field.querySelector("input:checked");
        if (!chosen) {
          say("unanswered", S.choose_first);
          return;
        }
        right = chosen.value === root.getAttribute("data-correct");
      }
      say(right ? "right" : "wrong", right ? S.right : S.wrong);
      if (explain) explain.hidden = false;
      state.answers[id] = { right: right };
      save();
      updateProgress();
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      check();
    });
  }

  function addReset(overview) {
    var row = make("div", { class: "dp-exercise-overview__reset" });
    var button = make("button", { type: "button", class: "md-button" }, S.reset);
    var status = make("p", { role: "status", class: "dp-exercise-overview__status" });
    button.addEventListener("click", function () {
      reset();
      status.textContent = S.reset_done + (status.textContent === S.reset_done ? "\u00a0" : "");
    });
    row.append(button, status);
    overview.append(row);
  }

  /* The strings follow the page's scripts (docs/hooks/exercises.py), so start once parsed. */
  function start() {
    var source = document.getElementById("dp-exercise-ui");
    if (!source) return;
    ui = JSON.parse(source.textContent);
    S = ui.strings;
    load();
    document.querySelectorAll("[data-exercise]").forEach(enhance);
    document.querySelectorAll("[data-exercise-overview]").forEach(addReset);
    updateProgress();
    showNote();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
