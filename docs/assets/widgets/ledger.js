/* Budget ledger: books each release whose ε still fits a public cap, like
   dplesson.BudgetLedger, and refuses (without booking) one that would pass it, deciding
   exactly like dplesson.basic_composition (BigInt sums of the doubles' exact binary values);
   totals of the booked releases rounded like math.fsum. */
(function () {
  "use strict";
  var dp = window.dpWidgets;
  // The input rules of basic_composition.
  var EPSILON = [0, 100], CAP = [0, 6400], MAX_RELEASES = 64;

  var node = dp.node;

  /** The ledger's arithmetic on exact binary values (BigInt units of 2^-1074): a release is
      booked when the exact sum of the booked ones and it is at most the cap (equality fits),
      else refused and not booked; without a cap (null) every release is booked. Returns the
      booked total after each release rounded like math.fsum, which were refused, the booked
      total and the exact room left. */
  dp.ledgerTotals = function (values, cap) {
    var units = 0n, capUnits = cap === null ? null : dp.exact(cap);
    var refused = values.map(function () { return false; });
    var prefix = values.map(function (epsilon, k) {
      var next = units + dp.exact(epsilon);
      if (capUnits === null || next <= capUnits) units = next;
      else refused[k] = true;
      return dp.nearest(units);
    });
    return {
      prefix: prefix, refused: refused, total: dp.nearest(units),
      remaining: capUnits === null ? 0 : dp.nearest(capUnits - units),
    };
  };

  function inRange(x, range) {
    return Number.isFinite(x) && range[0] <= x && x <= range[1];
  }

  function init(root, index) {
    var t = dp.strings(root);
    var id = "dp-ledger-" + index + "-";
    var releases = [];
    var field = function (key, value) {
      return node("input", {
        id: id + key, name: key, type: "text", inputmode: "decimal", value: value,
        autocomplete: "off", spellcheck: "false", "aria-describedby": id + key + "-error",
      });
    };
    var cap = field("cap", dp.format(1));
    var entry = field("entry", "");
    var entryError = node("p", { class: "dp-errors", id: id + "entry-error", "aria-live": "polite" });
    var add = node("button", { type: "submit", class: "dp-button" }, [t("add")]);
    var clear = node("button", { type: "button", class: "dp-button dp-clear" }, [t("clear")]);
    var form = node("form", { class: "dp-controls", novalidate: "" }, [
      node("fieldset", {}, [
        node("legend", {}, [t("title")]),
        node("div", { class: "dp-field" }, [node("label", { for: cap.id }, [t("cap")]), cap]),
        node("div", { class: "dp-field" }, [node("label", { for: entry.id }, [t("entry")]), entry]),
        node("div", { class: "dp-buttons" }, [add, clear]),
        entryError,
        node("p", { class: "dp-hint" }, [dp.fill(t("hint"), { example: dp.format(0.5) })]),
      ]),
    ]);
    var body = node("tbody");
    var table = node("table", { class: "dp-table" }, [
      node("thead", {}, [
        node("tr", {}, ["col-index", "col-epsilon", "col-total", "col-action"].map(function (key) {
          return node("th", { scope: "col" }, [t(key)]);
        })),
      ]),
      body,
    ]);
    var status = node("div", { class: "dp-status", id: id + "cap-error", "aria-live": "polite" });
    root.replaceChildren(form, table, status);
    root.classList.add("dp-ready");

    function render(focusRow) {
      var capValue = dp.parse(cap.value);
      var capOk = inRange(capValue, CAP);
      var sums = dp.ledgerTotals(releases, capOk ? capValue : null);
      var rows = releases.map(function (epsilon, k) {
        var remove = node("button", {
          type: "button", class: "dp-button dp-remove",
          "aria-label": dp.fillText(t("remove-label"), { index: String(k + 1) }),
        }, [t("remove")]);
        remove.addEventListener("click", function () {
          releases.splice(k, 1);
          clearEntry();
          render(Math.min(k, releases.length - 1));
        });
        var over = sums.refused[k];
        var flag = over ? [node("span", { class: "dp-flag" }, [t("row-refused")])] : [];
        var row = node("tr", { class: over ? "dp-refused" : "" }, [
          node("td", {}, [dp.format(k + 1)]),
          node("td", {}, [dp.number(epsilon)]),
          node("td", {}, [dp.number(sums.prefix[k])].concat(flag)),
          node("td", {}, [remove]),
        ]);
        return row;
      });
      body.replaceChildren.apply(body, rows);
      table.hidden = releases.length === 0;

      cap.setAttribute("aria-invalid", String(!capOk));
      status.removeAttribute("data-within");
      if (!capOk) {
        status.className = "dp-status dp-errors";
        status.replaceChildren(dp.fill(t("err-cap"), { min: dp.format(CAP[0]),
          max: dp.format(CAP[1]) }));
      } else if (!releases.length) {
        status.className = "dp-status";
        status.replaceChildren(t("empty"));
      } else {
        // basic_composition's rule for each booking: exact sum <= Fraction.from_float(cap).
        var count = sums.refused.filter(Boolean).length;
        var within = count === 0;
        var total = dp.number(sums.total);
        total.dataset.key = "total";
        var left = dp.number(sums.remaining);
        left.dataset.key = "remaining";
        status.className = "dp-status " + (within ? "dp-fits" : "dp-over");
        status.dataset.within = String(within);
        status.replaceChildren(
          node("p", {}, [dp.fill(t("total"), { total: total })]),
          node("p", { class: "dp-decision" }, [
            dp.fill(t(within ? "fits" : "over"), { cap: dp.number(capValue), count: dp.format(count) }),
          ]),
          node("p", { class: "dp-remaining" }, [dp.fill(t("remaining"), { remaining: left })])
        );
      }
      if (focusRow !== undefined) {
        var buttons = body.querySelectorAll(".dp-remove");
        (focusRow >= 0 && buttons[focusRow] ? buttons[focusRow] : entry).focus();
      }
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (document.activeElement === cap) return; // Enter in the cap field adds nothing
      var value = dp.parse(entry.value);
      var message = "";
      if (!inRange(value, EPSILON)) {
        message = dp.fillText(t("err-entry"), { min: dp.format(EPSILON[0]),
          max: dp.format(EPSILON[1]) });
      } else if (releases.length >= MAX_RELEASES) {
        message = dp.fillText(t("err-full"), { max: dp.format(MAX_RELEASES) });
      }
      entry.setAttribute("aria-invalid", String(message !== ""));
      entryError.textContent = message;
      if (message) return;
      releases.push(value === 0 ? 0 : value);
      entry.value = "";
      render();
    });
    /** A later successful action clears an older message about the entry. */
    function clearEntry() {
      entryError.textContent = "";
      entry.setAttribute("aria-invalid", "false");
    }
    clear.addEventListener("click", function () {
      releases = [];
      clearEntry();
      render(-1);
    });
    cap.addEventListener("input", function () {
      if (inRange(dp.parse(cap.value), CAP)) clearEntry();
      render();
    });
    render();
  }

  function start() {
    document.querySelectorAll(".dp-ledger:not(.dp-ready)").forEach(init);
  }
  // Material's document$ announces every page, also under its instant navigation.
  if (window.document$) window.document$.subscribe(start);
  else start();
})();
