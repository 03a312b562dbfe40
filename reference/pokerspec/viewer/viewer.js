// pokerspec hand viewer: a conformance case watched step by step on a drawn table.
// Plain JavaScript, no dependencies. It mounts on every element with the class "ps-viewer":
//   data-case="ID"   the case's JSON from viewer-data/ID.json beside the site's javascripts/
//                    (rule-page panels: loaded when the panel is opened);
//   data-picker      a case chosen from a list (the viewer page; ?case=ID in the address; a
//                    hand played on the play page, kept in sessionStorage, opens the same way);
//   data-embedded    the case and labels embedded in the page (`pokerspec view` output).
// Labels come from viewer-data/labels.json (or the embedded copy), in the page's language.
(function () {
  "use strict";

  var SCRIPT_URL = document.currentScript ? document.currentScript.src : window.location.href;
  var SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  var WIDE_STEPS = 980;
  var fetched = {};

  // ------------------------------------------------------------------------------------------
  // Data and labels

  function embedded(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  function getJson(name) {
    if (!fetched[name]) {
      var url = new URL("../viewer-data/" + name, SCRIPT_URL).href;
      fetched[name] = fetch(url).then(function (reply) {
        if (!reply.ok) {
          throw new Error(url + ": " + reply.status);
        }
        return reply.json();
      });
    }
    return fetched[name];
  }

  function pageLanguage() {
    return (document.documentElement.getAttribute("lang") || "en").slice(0, 2).toLowerCase();
  }

  function loadLabels() {
    var inline = embedded("ps-viewer-labels");
    return inline ? Promise.resolve(inline) : getJson("labels.json");
  }

  function Labels(all, lang) {
    this.lang = all[lang] ? lang : "en";
    this.table = all[this.lang] || all[Object.keys(all)[0]];
  }

  Labels.prototype.get = function (path) {
    var value = this.table;
    path.split(".").forEach(function (part) {
      value = value && typeof value === "object" ? value[part] : undefined;
    });
    return value;
  };

  // The label at a dotted path ("ui.pot") with its {placeholders} filled from vars; the path
  // itself if the label is missing.
  Labels.prototype.t = function (path, vars) {
    var value = this.get(path);
    if (Array.isArray(value)) {
      value = value[0];
    }
    if (typeof value !== "string") {
      value = path;
    }
    return value.replace(/\{(\w+)\}/g, function (whole, name) {
      return vars && vars[name] !== undefined ? String(vars[name]) : whole;
    });
  };

  Labels.prototype.phase = function (phase) {
    if (!phase) {
      return "";
    }
    var direct = this.get("phase." + phase);
    if (typeof direct === "string") {
      return direct;
    }
    var match = /^([a-z]+)-(\d+)$/.exec(phase);
    return match && this.get("phase." + match[1] + "-n") ? this.t("phase." + match[1] + "-n", { n: match[2] }) : phase;
  };

  // ------------------------------------------------------------------------------------------
  // DOM helpers

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) {
        return;
      }
      if (name === "text") {
        node.textContent = value;
      } else {
        node.setAttribute(name, value === true ? "" : value);
      }
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) {
        return;
      }
      node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
    });
    return node;
  }

  function english(text, L) {
    // English text on a page of another language: marked lang="en" and visibly labelled.
    var span = el("span", { lang: "en" }, [text]);
    if (L.lang === "en") {
      return span;
    }
    return el("span", { class: "psv-en" }, [span, " ", el("span", { class: "psv-en-tag", title: L.t("ui.english") }, ["EN"])]);
  }

  function includes(list, item) {
    return Array.isArray(list) && list.indexOf(item) >= 0;
  }

  function plain(token) {
    return token.charAt(0) === "^" ? token.slice(1) : token;
  }

  function cardNode(token, L, extra) {
    var up = token.charAt(0) === "^";
    var code = plain(token);
    var suit = SUITS[code.charAt(1)];
    if (code.length !== 2 || !suit || "23456789TJQKA".indexOf(code.charAt(0)) < 0) {
      return el("code", {}, [code]);
    }
    var rank = code.charAt(0) === "T" ? "10" : code.charAt(0);
    var state = extra && extra.shown ? "psv-up" : up ? "psv-up" : "psv-down";
    var classes = ["psv-card", "psv-" + code.charAt(1), state];
    var words = [rank + suit, up || (extra && extra.shown) ? L.t("ui.face_up") : L.t("ui.face_down")];
    if (extra && extra.fresh) {
      classes.push("psv-new");
      words.push(L.t("ui.new_card"));
    }
    if (extra && extra.discard) {
      classes.push("psv-discard");
    }
    return el("span", { class: classes.join(" "), title: words.join(", "), "aria-label": words.join(", "), role: "img" },
      [el("span", { class: "psv-rank" }, [rank]), el("span", { class: "psv-suit", "aria-hidden": "true" }, [suit])]);
  }

  function cardRow(tokens, L, marks) {
    return el("span", { class: "psv-cards" }, (tokens || []).map(function (token, i) {
      return cardNode(token, L, marks ? marks(token, i) : null);
    }));
  }

  function seatList(seats) {
    return (seats || []).join(" ");
  }

  // An action in words, its cards drawn as cards: "raise to 4 · all-in", "discard 2 and draw: 7♥ 8♣".
  function phrase(d, L) {
    var verb = d && d.v;
    if (!verb || verb === "raw" || !L.get("verb." + verb)) {
      return null;
    }
    var vars = { n: d.n, k: d.c ? d.c.length : 0, x: d.x ? L.t("dec." + d.x) : "", cards: "\u0000" };
    var text = L.t("verb." + verb, vars);
    var parts = text.split("\u0000");
    var out = el("span", { class: "psv-phrase" }, [parts[0]]);
    if (parts.length > 1) {
      out.appendChild(cardRow(d.c.map(function (c) { return "^" + c; }), L));
      out.appendChild(document.createTextNode(parts[1]));
    }
    if (d.allin) {
      out.appendChild(document.createTextNode(" \u00b7 " + L.t("verb.allin")));
    }
    return out;
  }

  function actionNode(seat, d, notation, L) {
    var words = phrase(d, L);
    return el("span", { class: "psv-action" }, [
      el("b", {}, [seat]), L.t("ui.colon"), words || el("code", {}, [notation]),
      words ? el("code", { class: "psv-notation" }, [notation]) : null,
    ]);
  }

  // ------------------------------------------------------------------------------------------
  // The viewer

  function expand(deltas) {
    var frames = [];
    var current = {};
    (deltas || []).forEach(function (delta) {
      current = Object.assign({}, current);
      Object.keys(delta).forEach(function (key) {
        if (delta[key] === null) {
          delete current[key];
        } else {
          current[key] = delta[key];
        }
      });
      frames.push(current);
    });
    return frames;
  }

  function Viewer(root, data, L, options) {
    this.root = root;
    this.data = data;
    this.L = L;
    this.frames = expand(data.frames);
    this.steps = data.steps || [];
    this.index = 0;
    this.options = options || {};
    this.build();
    this.show(Math.min(Math.max(this.options.start || 0, 0), this.steps.length - 1));
  }

  Viewer.prototype.translated = function (field) {
    var own = this.data.i18n && this.data.i18n[this.L.lang];
    if (own && own[field]) {
      return document.createTextNode(own[field]);
    }
    return english(this.data[field] || "", this.L);
  };

  Viewer.prototype.noteText = function (note) {
    var own = this.data.i18n && this.data.i18n[this.L.lang];
    var notes = own && own.notes;
    if (notes && notes[String(note.n)]) {
      return document.createTextNode(notes[String(note.n)]);
    }
    return english(note.text, this.L);
  };

  Viewer.prototype.button = function (go, label, symbol) {
    var self = this;
    var node = el("button", { type: "button", class: "psv-btn psv-go-" + go, "aria-label": label, title: label, "data-go": go },
      [el("span", { "aria-hidden": "true" }, [symbol])]);
    node.addEventListener("click", function () {
      self.go(go);
    });
    return node;
  };

  Viewer.prototype.build = function () {
    var L = this.L;
    var data = this.data;
    var self = this;
    var meta = [L.t("game." + data.game), " \u00b7 ", L.t("kind." + data.kind)];
    if (data.profile) {
      // The profile by its name in the reader's language; its ID, the engine author's handle,
      // in the tooltip (an unnamed profile shows its ID).
      var named = L.get("profile." + data.profile);
      meta.push(" \u00b7 ", L.t("ui.profile") + " ",
        el("span", { class: "psv-profile", title: data.profile, "data-profile": data.profile },
          [typeof named === "string" ? named : data.profile]));
    }
    this.root.textContent = "";
    this.root.classList.add("psv");
    this.root.setAttribute("tabindex", "0");
    this.root.setAttribute("role", "region");
    this.root.setAttribute("aria-label", L.t("ui.viewer") + L.t("ui.colon") + data.id);
    var header = el("div", { class: "psv-head" }, [
      el("p", { class: "psv-title" }, [el("b", {}, [data.id]), " \u2014 ", this.translated("title")]),
      el("p", { class: "psv-meta" }, meta),
      // The rules the case pins, with its explanation: a long list would push the table below
      // the fold on a phone.
      el("details", { class: "psv-expl" }, [el("summary", {}, [L.t("ui.explanation")]),
        el("p", { class: "psv-meta" }, [L.t("ui.rules") + " ", el("span", { class: "psv-rules" }, [(data.rules || []).join(", ")])]),
        el("p", {}, [this.translated("explanation")])]),
    ]);
    this.counter = el("span", { class: "psv-count" });
    var controls = el("div", { class: "psv-controls", role: "toolbar", "aria-label": L.t("ui.steps") }, [
      this.button("first", L.t("ui.first"), "|\u25c0"),
      this.button("prev-phase", L.t("ui.prev_phase"), "\u25c0\u25c0"),
      this.button("prev", L.t("ui.prev"), "\u25c0"),
      this.counter,
      this.button("next", L.t("ui.next"), "\u25b6"),
      this.button("next-phase", L.t("ui.next_phase"), "\u25b6\u25b6"),
      this.button("last", L.t("ui.last"), "\u25b6|"),
    ]);
    this.now = el("p", { class: "psv-now", "aria-live": "polite", "aria-atomic": "true" });
    this.table = el("div", { class: "psv-table" });
    this.info = el("div", { class: "psv-info" });
    this.list = el("ol", { class: "psv-list" });
    this.listBox = el("details", { class: "psv-steps" }, [
      el("summary", {}, [L.t("ui.steps") + " (" + this.steps.length + ")"]), this.list]);
    var body = el("div", { class: "psv-body" }, [el("div", { class: "psv-main" }, [this.table, this.info]), this.listBox]);
    var foot = el("p", { class: "psv-keys" }, [L.t("ui.keys")]);
    [this.options.compact ? null : header, controls, this.now, body, foot].forEach(function (node) {
      if (node) {
        self.root.appendChild(node);
      }
    });
    if (this.frames.length) {
      foot.insertBefore(document.createTextNode(L.t("ui.legend") + " "), foot.firstChild);
    }
    this.buildList();
    if (this.root.clientWidth >= WIDE_STEPS) {
      this.listBox.open = true;
    }
    this.root.addEventListener("keydown", function (event) {
      self.key(event);
    });
    if (this.options.global) {
      // The page's only viewer also answers keys pressed while nothing else has the focus.
      document.addEventListener("keydown", function (event) {
        if (self.root.isConnected && (event.target === document.body || event.target === document.documentElement)) {
          self.key(event);
        }
      });
    }
  };

  // The phase the table shows after step i (what "next round" and "previous round" move by).
  Viewer.prototype.phaseOf = function (i) {
    var step = this.steps[i];
    var frame = step && step.f !== undefined ? this.frames[step.f] : null;
    return frame ? frame.phase || "" : "";
  };

  // The phase in which step i happens: an accepted action belongs to the table before it.
  Viewer.prototype.actedIn = function (i) {
    var step = this.steps[i];
    if (step && step.t === "act" && step.f > 0) {
      return this.frames[step.f - 1].phase || "";
    }
    return this.phaseOf(i);
  };

  Viewer.prototype.buildList = function () {
    var self = this;
    var shown = null;
    this.items = this.steps.map(function (step, i) {
      var phase = self.actedIn(i);
      var heading = phase !== shown && step.t !== "end" ? el("span", { class: "psv-list-phase" }, [self.L.phase(phase)]) : null;
      shown = phase;
      var button = el("button", { type: "button", class: "psv-item psv-item-" + step.t }, [self.summary(step, true)]);
      button.addEventListener("click", function () {
        self.show(i);
      });
      var item = el("li", {}, [heading, button]);
      self.list.appendChild(item);
      return button;
    });
  };

  Viewer.prototype.key = function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var target = event.target;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) {
      return;
    }
    var moves = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last",
      PageDown: "next-phase", PageUp: "prev-phase" };
    var go = moves[event.key];
    if (go) {
      event.preventDefault();
      this.go(go);
    }
  };

  Viewer.prototype.go = function (where) {
    var last = this.steps.length - 1;
    var i = this.index;
    var phase = this.phaseOf(i);
    var target = i;
    if (where === "first") {
      target = 0;
    } else if (where === "last") {
      target = last;
    } else if (where === "prev") {
      target = Math.max(0, i - 1);
    } else if (where === "next") {
      target = Math.min(last, i + 1);
    } else if (where === "next-phase") {
      target = i;
      while (target < last && this.phaseOf(target) === phase) {
        target += 1;
      }
    } else if (where === "prev-phase") {
      target = i;
      while (target > 0 && this.phaseOf(target - 1) === phase) {
        target -= 1;
      }
      if (target === i && i > 0) {
        var before = this.phaseOf(i - 1);
        target = i - 1;
        while (target > 0 && this.phaseOf(target - 1) === before) {
          target -= 1;
        }
      }
    }
    this.show(target);
  };

  // The step in words: for the list (short) or the live line (with the phase entered).
  Viewer.prototype.summary = function (step, short) {
    var L = this.L;
    if (step.t === "deal") {
      return el("span", {}, [L.t(this.data.kind === "showdown" ? "ui.deal_showdown" : "ui.deal")]);
    }
    if (step.t === "end") {
      if (step.error) {
        return el("span", {}, [L.t("ui.setup_error", { reason: L.t("setup_error." + step.error.code) })]);
      }
      return el("span", {}, [L.t(this.data.kind === "showdown" ? "ui.end_showdown" : "ui.end")]);
    }
    if (step.t === "core") {
      return el("span", {}, [L.t("ui.reply")]);
    }
    if (step.t === "push" || step.t === "pop") {
      return el("span", { class: "psv-branch" }, [L.t("ui." + step.t)]);
    }
    var action = actionNode(step.seat, step.d, step.a, L);
    if (step.t === "reject") {
      return el("span", { class: "psv-refused" }, ["\u2717 ", action, " \u2014 " + L.t("ui.refused").toLowerCase() + L.t("ui.colon") +
        L.t("reason." + step.reason)]);
    }
    if (!short) {
      var before = this.frames[Math.max(0, step.f - 1)];
      var after = this.frames[step.f];
      if (before && after && before.phase !== after.phase && after.phase) {
        return el("span", {}, [action, " \u2192 " + L.phase(after.phase)]);
      }
    }
    return action;
  };

  Viewer.prototype.show = function (i) {
    var L = this.L;
    this.index = i;
    var step = this.steps[i];
    this.items.forEach(function (button, k) {
      if (k === i) {
        button.setAttribute("aria-current", "step");
      } else {
        button.removeAttribute("aria-current");
      }
    });
    var current = this.items[i];
    if (current && this.listBox.open && current.scrollIntoView) {
      var list = this.list;
      var top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
    this.counter.textContent = L.t("ui.step_of", { i: i + 1, n: this.steps.length });
    this.root.querySelectorAll("[data-go]").forEach(function (button) {
      var go = button.getAttribute("data-go");
      button.disabled = (i === 0 && /^(first|prev)/.test(go)) || (i === this.steps.length - 1 && /^(last|next)/.test(go));
    }, this);
    var frame = step.f !== undefined ? this.frames[step.f] : null;
    var phase = this.actedIn(i) && step.t !== "end" ? L.phase(this.actedIn(i)) + " \u2014 " : "";
    this.now.textContent = "";
    this.now.appendChild(el("span", { class: "psv-now-count" }, [L.t("ui.step_of", { i: i + 1, n: this.steps.length }) + " \u00b7 "]));
    this.now.appendChild(document.createTextNode(phase));
    this.now.appendChild(this.summary(step, false));
    this.table.textContent = "";
    this.info.textContent = "";
    if (step.t === "core") {
      this.table.className = "psv-table psv-core";
      this.table.appendChild(this.core(step));
      return;
    }
    this.table.className = "psv-table";
    this.drawTable(step, frame, this.previousFrame(i));
    this.drawInfo(step, frame);
  };

  Viewer.prototype.previousFrame = function (i) {
    var step = this.steps[i];
    for (var k = i - 1; k >= 0; k -= 1) {
      if (this.steps[k].f !== step.f) {
        return this.frames[this.steps[k].f];
      }
    }
    return null;
  };

  // ------------------------------------------------------------------------------------------
  // The table: seats round an oval felt (wide) or in two columns under the centre (narrow)

  Viewer.prototype.drawTable = function (step, frame, before) {
    var self = this;
    var seats = this.data.seats || [];
    var count = seats.length;
    this.table.setAttribute("data-seats", String(count));
    var felt = el("div", { class: "psv-felt", "aria-hidden": "true" });
    this.table.appendChild(felt);
    this.table.appendChild(this.centre(step, frame));
    seats.forEach(function (seat, i) {
      var angle = Math.PI / 2 + (2 * Math.PI * i) / count;
      var box = self.seat(seat, step, frame, before);
      box.style.setProperty("--x", (50 + 40 * Math.cos(angle)).toFixed(2) + "%");
      box.style.setProperty("--y", (50 + 37 * Math.sin(angle)).toFixed(2) + "%");
      self.table.appendChild(box);
    });
  };

  Viewer.prototype.outcome = function (step) {
    return step.t === "end" && step.outcome ? step.outcome : null;
  };

  Viewer.prototype.centre = function (step, frame) {
    var L = this.L;
    var box = el("div", { class: "psv-centre" });
    if (frame.phase) {
      box.appendChild(el("p", { class: "psv-phase" }, [L.phase(frame.phase)]));
    }
    var outcome = this.outcome(step);
    if (outcome && outcome.pots && outcome.pots.length) {
      box.appendChild(this.pots(outcome));
    } else if (frame.pot !== undefined) {
      box.appendChild(el("p", { class: "psv-pot" }, [L.t("ui.pot") + " ", el("b", { "data-pot": String(frame.pot) }, [String(frame.pot)])]));
    }
    if (frame.row && frame.row.length) {
      box.appendChild(el("p", { class: "psv-row" }, [el("span", { class: "psv-label" }, [L.t("ui.row")]), " ",
        cardRow(frame.row.map(function (c) { return "^" + c; }), L)]));
    }
    if (frame.order && frame.order.length) {
      box.appendChild(el("p", { class: "psv-order" }, [L.t("ui.pick_order") + L.t("ui.colon") + frame.order.join(" \u2192 ")]));
    }
    if (frame.common && frame.common.length) {
      box.appendChild(el("p", { class: "psv-common" }, [el("span", { class: "psv-label" }, [L.t("ui.common")]), " ",
        cardRow(frame.common.map(function (c) { return "^" + c; }), L)]));
    }
    if (frame.carry) {
      box.appendChild(el("p", { class: "psv-small" }, [L.t("ui.carry_in") + L.t("ui.colon") + frame.carry]));
    }
    if (frame.stub !== undefined) {
      box.appendChild(el("p", { class: "psv-small" }, [L.t("ui.stub", { n: frame.stub })]));
    }
    return box;
  };

  Viewer.prototype.pots = function (outcome) {
    var L = this.L;
    var list = el("ol", { class: "psv-pots" });
    outcome.pots.forEach(function (pot, n) {
      var name = outcome.pots.length === 1 ? L.t("ui.pot") : n === 0 ? L.t("ui.main_pot") : L.t("ui.side_pot", { n: n });
      var winners = Object.keys(pot.winners || {}).map(function (direction) {
        var who = pot.winners[direction];
        return (direction === "all" ? "" : L.t("ui.dir_" + direction) + " ") + "\u2192 " + (who.length ? who.join(" ") : "\u2014");
      });
      var shares = Object.keys(pot.shares || {}).map(function (seat) {
        return seat + " " + pot.shares[seat];
      });
      list.appendChild(el("li", { class: "psv-potline", "data-amount": String(pot.amount) }, [
        el("b", { class: "psv-potname" }, [name + L.t("ui.colon") + pot.amount]), " ", winners.join("; "),
        shares.length > 1 ? el("span", { class: "psv-small" }, [" (" + L.t("ui.shares") + " " + shares.join(", ") + ")"]) : null,
        pot.eligible ? el("span", { class: "psv-small psv-eligible" }, [L.t("ui.eligible") + L.t("ui.colon") + seatList(pot.eligible)]) : null,
      ]));
    });
    if (!outcome.pots.length) {
      return el("p", {}, ["\u2014"]);
    }
    return list;
  };

  Viewer.prototype.seat = function (seat, step, frame, before) {
    var L = this.L;
    var data = this.data;
    var outcome = this.outcome(step);
    var folded = includes(frame.folded, seat);
    var out = includes(frame.out, seat);
    var turn = includes(frame.to_act, seat);
    var shown = includes(frame.shown, seat);
    var mucked = includes(frame.mucked, seat);
    var stack = frame.stacks ? frame.stacks[seat] : undefined;
    var put = frame.put ? frame.put[seat] : undefined;
    var allIn = data.game === "stud" && stack === 0 && !folded && put > 0;
    var excluded = outcome && includes(outcome.excluded, seat);
    var classes = ["psv-seat"];
    var tags = [];
    if (turn) {
      classes.push("psv-turn");
      tags.push(["psv-tag-turn", L.t("ui.to_act")]);
    }
    if (folded) {
      classes.push("psv-folded");
      tags.push(["psv-tag-folded", L.t("ui.folded")]);
    }
    if (out) {
      classes.push("psv-folded");
      tags.push(["psv-tag-out", L.t("ui.sitting_out")]);
    }
    if (allIn) {
      tags.push(["psv-tag-allin", L.t("ui.all_in")]);
    }
    if (shown) {
      tags.push(["psv-tag-shown", L.t("ui.shown")]);
    }
    if (mucked) {
      tags.push(["psv-tag-mucked", L.t("ui.mucked")]);
    }
    if (excluded) {
      tags.push(["psv-tag-folded", L.t("ui.excluded")]);
    }
    var head = el("div", { class: "psv-seat-head" }, [el("b", { class: "psv-name" }, [seat])]);
    if (data.dealer === seat) {
      var role = data.game === "stud" ? L.t("ui.button") : L.t("ui.dealer");
      head.appendChild(el("span", { class: "psv-dealer", title: role, "aria-label": role }, ["D"]));
    }
    tags.forEach(function (tag) {
      head.appendChild(el("span", { class: "psv-tag " + tag[0] }, [tag[1]]));
    });
    var held = frame.cards ? frame.cards[seat] || [] : [];
    var had = before && before.cards ? (before.cards[seat] || []).map(plain) : null;
    var discards = frame.discards && frame.discards[seat] ? frame.discards[seat] : [];
    var marks = function (token) {
      return { fresh: had !== null && had.indexOf(plain(token)) < 0, discard: discards.indexOf(plain(token)) >= 0, shown: shown };
    };
    var nums = el("div", { class: "psv-nums" });
    var number = function (label, value, key) {
      nums.appendChild(el("span", { class: "psv-num psv-num-" + key }, [label + " ", el("b", { "data-value": String(value) }, [String(value)])]));
    };
    if (stack !== undefined) {
      number(L.t("ui.stack"), stack, "stack");
    }
    if (frame.bets && frame.bets[seat] && !outcome) {
      number(L.t("ui.bet"), frame.bets[seat], "bet");
    }
    if (put !== undefined) {
      number(L.t("ui.put"), put, "put");
    }
    var extras = this.seatExtras(seat, frame);
    var box = el("div", { class: classes.join(" "), "data-seat": seat }, [
      head, held.length ? cardRow(held, L, marks) : null, nums,
      extras.length ? el("div", { class: "psv-extra" }, [extras.join(" \u00b7 ")]) : null,
    ]);
    if (outcome && outcome.received) {
      var got = outcome.received[seat] || 0;
      var net = outcome.net ? outcome.net[seat] : undefined;
      var result = el("div", { class: "psv-result" }, [L.t("ui.received") + " ", el("b", { "data-value": String(got) }, [String(got)])]);
      if (net !== undefined) {
        result.appendChild(document.createTextNode(" \u00b7 " + L.t("ui.net") + " "));
        result.appendChild(el("b", { "data-value": String(net), class: net > 0 ? "psv-plus" : net < 0 ? "psv-minus" : null }, [(net > 0 ? "+" : "") + net]));
      }
      box.appendChild(result);
      var stackLine = nums.querySelector(".psv-num-stack");
      if (stackLine) {
        stackLine.appendChild(document.createTextNode(" \u2192 "));
        stackLine.appendChild(el("b", { class: "psv-final", "data-value": String(stack + got), title: L.t("ui.final_stack") }, [String(stack + got)]));
      }
    }
    return box;
  };

  Viewer.prototype.seatExtras = function (seat, frame) {
    var L = this.L;
    var out = [];
    var phase = frame.phase || "";
    if (frame.sealed && frame.sealed[seat] !== undefined) {
      out.push(L.t("ui.bid_sealed", { n: frame.sealed[seat] }));
    } else if (/^bid-/.test(phase) && includes(frame.to_act, seat)) {
      out.push(L.t("ui.bid_waiting"));
    }
    if (frame.bids && frame.bids[seat] !== undefined) {
      out.push(L.t("ui.bid_open", { n: frame.bids[seat] }));
    }
    if (frame.dec && frame.dec[seat]) {
      out.push(L.t("ui.declared", { x: L.t("dec." + frame.dec[seat]) }));
    } else if (frame.sealed_dec && frame.sealed_dec[seat]) {
      out.push(L.t("ui.declared_sealed", { x: L.t("dec." + frame.sealed_dec[seat]) }));
    }
    if (frame.discards && frame.discards[seat]) {
      var n = frame.discards[seat].length;
      out.push(n ? L.t("ui.discarding", { n: n }) : L.t("ui.standing_pat"));
    } else if (frame.drawn && frame.drawn[seat]) {
      out.push(L.t("ui.drawn", { n: frame.drawn[seat] }));
    }
    return out;
  };

  // ------------------------------------------------------------------------------------------
  // Below the table: the refusal and why, who is to act and the legal actions, notes, checks

  Viewer.prototype.drawInfo = function (step, frame) {
    var L = this.L;
    var self = this;
    var add = function (node) {
      self.info.appendChild(node);
    };
    if (step.t === "reject") {
      var why = L.get("reason." + step.reason);
      add(el("div", { class: "psv-box psv-box-refused", role: "note" }, [
        el("p", {}, [el("b", {}, ["\u2717 " + L.t("ui.refused") + L.t("ui.colon")]), actionNode(step.seat, step.d, step.a, L)]),
        el("p", {}, [el("b", {}, [L.t("reason." + step.reason)]), Array.isArray(why) ? " \u2014 " + why[1] : "",
          " ", el("code", {}, [step.reason])]),
        step.message ? el("p", { class: "psv-small" }, [english(step.message, L)]) : null,
      ]));
    }
    if (step.expected) {
      var expects = step.expected.ok ? L.t("ui.expects_ok") : L.t("ui.expects_reason", { reason: L.t("reason." + step.expected.reason) });
      add(el("div", { class: "psv-box psv-box-differs", role: "note" }, [expects]));
    }
    if (step.t === "end" && step.error) {
      add(el("div", { class: "psv-box psv-box-refused" }, [
        el("p", {}, [L.t("ui.setup_error", { reason: L.t("setup_error." + step.error.code) }), " ", el("code", {}, [step.error.code])]),
        step.error.message ? el("p", { class: "psv-small" }, [english(step.error.message, L)]) : null]));
    }
    if (step.stopped) {
      add(el("div", { class: "psv-box psv-box-differs" }, [L.t("ui.stopped")]));
    }
    var outcome = this.outcome(step);
    if (outcome) {
      add(this.outcomeBox(outcome));
    } else if (frame.to_act && step.t !== "end") {
      add(this.legalBox(frame));
    }
    (step.notes || []).forEach(function (note) {
      add(el("p", { class: "psv-note" }, [el("b", {}, [L.t("ui.note") + L.t("ui.colon")]), self.noteText(note)]));
    });
    (step.checks || []).forEach(function (check) {
      // What is checked: the legal actions, named; or the data keys, which are code (lang="en").
      var keys = check.legal ? L.t("ui.legal")
        : el("code", { lang: "en" }, [Object.keys(check.check || {}).join(", ")]);
      var where = check.wrong ? String(check.wrong).split(":")[0].replace(/^\//, "") : "";
      add(el("p", { class: "psv-check " + (check.ok ? "psv-ok" : "psv-bad") }, [
        (check.ok ? "\u2713 " : "\u2717 ") + L.t("ui.checks") + " (", keys, ")" + L.t("ui.colon") +
        (check.ok ? L.t("ui.check_ok") : L.t("ui.check_wrong", { keys: where })),
        check.wrong ? el("span", { class: "psv-small" }, [" ", english(check.wrong, L)]) : null]));
    });
  };

  Viewer.prototype.legalBox = function (frame) {
    var L = this.L;
    if (!frame.to_act.length) {
      return el("p", { class: "psv-toact" }, [L.t("ui.nobody")]);
    }
    var box = el("div", { class: "psv-box psv-box-legal" }, [
      el("p", { class: "psv-toact" }, [L.t("ui.to_act_now", { seats: frame.to_act.join(", ") })])]);
    var bySeat = {};
    (frame.legal || []).forEach(function (item) {
      var seat = item.a.split(" ")[0];
      (bySeat[seat] = bySeat[seat] || []).push(item);
    });
    var list = el("ul", { class: "psv-legal", "aria-label": L.t("ui.legal") });
    Object.keys(bySeat).forEach(function (seat) {
      var options = bySeat[seat].map(function (item) {
        return el("li", { title: item.a }, [phrase(item, L) || el("code", {}, [item.a])]);
      });
      list.appendChild(el("li", {}, [el("b", {}, [seat + L.t("ui.colon")]), el("ul", { class: "psv-options" }, options)]));
    });
    box.appendChild(el("p", { class: "psv-label" }, [L.t("ui.legal")]));
    box.appendChild(list);
    return box;
  };

  Viewer.prototype.outcomeBox = function (outcome) {
    var L = this.L;
    var box = el("div", { class: "psv-box psv-box-outcome" });
    var returned = outcome.returned ? Object.keys(outcome.returned) : [];
    if (returned.length) {
      box.appendChild(el("p", {}, [L.t("ui.returned") + L.t("ui.colon") + returned.map(function (s) {
        return s + " " + outcome.returned[s];
      }).join(", ")]));
    }
    if (outcome.carry) {
      box.appendChild(el("p", {}, [L.t("ui.carry") + L.t("ui.colon") + outcome.carry]));
    }
    if (outcome.categories) {
      box.appendChild(el("p", {}, [L.t("ui.category") + L.t("ui.colon") + Object.keys(outcome.categories).map(function (s) {
        return s + " " + L.t("category." + outcome.categories[s]);
      }).join(", ")]));
    }
    if (outcome.qualified) {
      Object.keys(outcome.qualified).forEach(function (direction) {
        box.appendChild(el("p", {}, [L.t("ui.qualified", { dir: L.t("ui.dir_" + direction) }) + L.t("ui.colon") +
          (outcome.qualified[direction].join(" ") || L.t("ui.nobody_qualified"))]));
      });
    }
    var table = el("table", { class: "psv-results" }, [el("thead", {}, [el("tr", {}, [
      el("th", { scope: "col" }, [L.t("ui.seat")]), el("th", { scope: "col" }, [L.t("ui.received")]),
      el("th", { scope: "col" }, [L.t("ui.net")])])])]);
    var body = el("tbody");
    Object.keys(outcome.received || {}).forEach(function (seat) {
      var net = outcome.net ? outcome.net[seat] : "";
      body.appendChild(el("tr", { "data-seat": seat }, [el("th", { scope: "row" }, [seat]),
        el("td", {}, [String(outcome.received[seat])]), el("td", {}, [(net > 0 ? "+" : "") + net])]));
    });
    table.appendChild(body);
    box.appendChild(table);
    return box;
  };

  // ------------------------------------------------------------------------------------------
  // Core cases: the request and the reference's answer, without a table

  Viewer.prototype.core = function (step) {
    var L = this.L;
    var setup = step.setup || {};
    var reply = step.reply || {};
    var box = el("div", { class: "psv-box psv-box-core" });
    var add = function (label, value) {
      box.appendChild(el("p", {}, [el("span", { class: "psv-label" }, [label + L.t("ui.colon")]), value]));
    };
    var seatsAmounts = function (map) {
      return Object.keys(map || {}).map(function (s) { return s + " " + map[s]; }).join(", ") || "\u2014";
    };
    var kind = this.data.kind;
    if (kind === "notation") {
      add(L.t("ui.input"), el("code", {}, [(setup.input || []).join(" ")]));
      if (reply.cards) {
        add(L.t("ui.read_as"), cardRow(reply.cards.map(function (c) { return "^" + c; }), L));
      }
    } else if (kind === "ranking") {
      add(L.t("ui.ranking"), L.t("ranking." + setup.ranking));
      var list = el("ol", { class: "psv-hands", start: "0" });
      (setup.hands || []).forEach(function (hand, i) {
        var bits = [];
        if (reply.categories && reply.categories[i]) {
          bits.push(L.t("category." + reply.categories[i]));
        }
        if (reply.qualifies) {
          bits.push(reply.qualifies[i] ? L.t("ui.qualifies") : L.t("ui.not_qualifies"));
        }
        list.appendChild(el("li", {}, [L.t("ui.hand_n", { n: i }) + " ", cardRow(hand.map(function (c) { return "^" + c; }), L),
          bits.length ? " " + bits.join(" \u00b7 ") : ""]));
      });
      box.appendChild(list);
      if (reply.order) {
        add(L.t("ui.order"), reply.order.map(function (group) {
          return group.map(function (n) { return "#" + n; }).join(" = ");
        }).join(" > ") || "\u2014");
      }
    } else if (kind === "split") {
      add(L.t("ui.amount"), String(setup.amount));
      ["winners", "high", "low"].forEach(function (key) {
        if (setup[key]) {
          add(key === "winners" ? L.t("ui.winners") : L.t("ui.dir_" + key), setup[key].join(" ") || "\u2014");
        }
      });
      if (setup.odd_chip) {
        add(L.t("ui.odd_chip"), el("code", {}, [setup.odd_chip]));
      }
      if (reply.shares) {
        add(L.t("ui.shares"), seatsAmounts(reply.shares));
      }
    } else if (kind === "pots") {
      add(L.t("ui.contributed"), seatsAmounts(setup.contributed));
      if (setup.folded && setup.folded.length) {
        add(L.t("ui.folded"), setup.folded.join(" "));
      }
      if (reply.pots) {
        box.appendChild(this.pots({ pots: reply.pots }));
      }
      if (reply.returned && Object.keys(reply.returned).length) {
        add(L.t("ui.returned"), seatsAmounts(reply.returned));
      }
    }
    if (reply.error) {
      var code = typeof reply.error === "object" ? reply.error.code : reply.error;
      add(L.t("ui.error"), el("code", {}, [String(code)]));
      if (reply.error.message) {
        box.appendChild(el("p", { class: "psv-small" }, [english(reply.error.message, L)]));
      }
    }
    return box;
  };

  // ------------------------------------------------------------------------------------------
  // Mounting

  function failed(root, L, error) {
    root.textContent = "";
    root.appendChild(el("p", { class: "psv-box psv-box-refused", role: "alert" }, [L ? L.t("ui.load_failed") : "The case could not be loaded.",
      " ", el("code", { lang: "en" }, [String(error && error.message ? error.message : error)])]));
  }

  // A hand played on the site's play page (docs/javascripts/play-view.js), kept for the
  // session under its case ID: the viewer shows it like a case of the suite.
  function played(id) {
    try {
      var text = window.sessionStorage.getItem("pokerspec-played:" + id);
      return text ? JSON.parse(text) : null;
    } catch (error) {
      return null;
    }
  }

  function mountCase(root, id, L, options) {
    var kept = played(id);
    if (kept) {
      return Promise.resolve(new Viewer(root, kept, L, options));
    }
    root.classList.add("psv-loading");
    root.textContent = L.t("ui.loading");
    return getJson(encodeURIComponent(id) + ".json").then(function (data) {
      root.classList.remove("psv-loading");
      return new Viewer(root, data, L, options);
    }).catch(function (error) {
      failed(root, L, error);
    });
  }

  function picker(root, L) {
    var params = new URLSearchParams(window.location.search);
    var wanted = params.get("case") || "";
    var start = parseInt(params.get("step") || "1", 10) - 1;
    var holder = el("div", { class: "ps-viewer-case" });
    var select = el("select", { id: "ps-viewer-choice", class: "psv-select" });
    var label = el("label", { for: "ps-viewer-choice", class: "psv-label" }, [L.t("ui.case") + " "]);
    root.textContent = "";
    root.appendChild(el("p", { class: "psv-picker" }, [label, select]));
    root.appendChild(holder);
    getJson("index.json").then(function (index) {
      select.appendChild(el("option", { value: "" }, [L.t("ui.choose")]));
      var groups = {};
      index.cases.forEach(function (entry) {
        var group = L.t("game." + entry.game) + " \u2014 " + entry.topic;
        if (!groups[group]) {
          groups[group] = el("optgroup", { label: group });
          select.appendChild(groups[group]);
        }
        var own = entry.i18n && entry.i18n[L.lang];
        var title = own && own.title ? own.title : entry.title;
        groups[group].appendChild(el("option", { value: entry.id, selected: entry.id === wanted }, [entry.id + " \u2014 " + title]));
      });
    }).catch(function (error) {
      failed(holder, L, error);
    });
    var open = function (id, step) {
      holder.textContent = "";
      if (!id) {
        holder.appendChild(el("p", {}, [L.t("ui.no_case")]));
        return;
      }
      var target = el("div", { class: "ps-viewer-inner" });
      holder.appendChild(target);
      mountCase(target, id, L, { start: step, global: true }).then(function (viewer) {
        if (viewer) {
          target.focus({ preventScroll: true });
        }
      });
    };
    select.addEventListener("change", function () {
      var url = new URL(window.location.href);
      url.searchParams.set("case", select.value);
      url.searchParams.delete("step");
      window.history.replaceState(null, "", url.href);
      open(select.value, 0);
    });
    open(wanted, start);
  }

  // A placeholder written as a span (what Markdown keeps whole inside indented blocks) becomes
  // a div, taking the place of the paragraph that holds nothing else.
  function blockRoot(root) {
    if (root.tagName === "DIV") {
      return root;
    }
    var div = document.createElement("div");
    Array.prototype.forEach.call(root.attributes, function (attribute) {
      div.setAttribute(attribute.name, attribute.value);
    });
    var holder = root.parentNode;
    var alone = holder && holder.tagName === "P" && holder.childNodes.length === 1;
    (alone ? holder : root).replaceWith(div);
    return div;
  }

  function mount(root, L) {
    root = blockRoot(root);
    if (root.hasAttribute("data-embedded")) {
      var data = embedded("ps-viewer-case");
      return data ? new Viewer(root, data, L, { global: true }) : failed(root, L, "no embedded case");
    }
    if (root.hasAttribute("data-picker")) {
      return picker(root, L);
    }
    var id = root.getAttribute("data-case");
    if (!id) {
      return null;
    }
    var options = { compact: root.hasAttribute("data-compact") };
    if (!hidden(root)) {
      return mountCase(root, id, L, options);
    }
    waiting.push(function () {
      if (hidden(root)) {
        return false;
      }
      mountCase(root, id, L, options);
      return true;
    });
    return null;
  }

  // A viewer inside a closed panel (a <details>) is loaded when the panel is opened.
  var waiting = [];

  function hidden(node) {
    for (var up = node.parentElement; up; up = up.parentElement) {
      if (up.tagName === "DETAILS" && !up.open) {
        return true;
      }
    }
    return false;
  }

  document.addEventListener("toggle", function () {
    waiting = waiting.filter(function (mountNow) {
      return !mountNow();
    });
  }, true);

  function start() {
    var roots = Array.prototype.slice.call(document.querySelectorAll(".ps-viewer"));
    if (!roots.length) {
      return;
    }
    loadLabels().then(function (all) {
      var L = new Labels(all, pageLanguage());
      roots.forEach(function (root) {
        mount(root, L);
      });
    }).catch(function (error) {
      roots.forEach(function (root) {
        failed(root, null, error);
      });
    });
  }

  window.PokerspecViewer = { Viewer: Viewer, Labels: Labels, start: start };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
