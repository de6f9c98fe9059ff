// The HTML page of `visualizer export --format html` (and `visualizer compare --format html`): steps through
// the data of visualizer/pictures/page_data.py. Plain JavaScript, no library, works offline from file://.
//
// The DOM it keeps up to date is the page's contract with its browser tests:
//   <body data-step="I" data-steps="N" data-current="NAME"> (compare: data-current-1, data-current-2);
//   #figure (compare: #pane-K .figure) holds the inline <svg> of the step; #step says "step I of N";
//   #sentence (compare: .sentence) the step's sentence; #log the sentences of steps 1..I, newest first;
//   #node-table (compare: .node-table) one body row, cells by data-field; #stack (.stack) the open nodes.
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("page-data").textContent);
  var body = document.body;
  var compare = data.panes.length > 1;
  var total = data.steps;
  var step = 0;
  var timer = null;

  function byId(id) {
    return document.getElementById(id);
  }

  // -- the panes -------------------------------------------------------------
  var panes = data.panes.map(function (pane, index) {
    var root = compare ? byId("pane-" + (index + 1)) : document;
    function part(id, className) {
      return compare ? root.querySelector("." + className) : byId(id);
    }
    var table = part("node-table", "node-table");
    var cells = {};
    Array.prototype.forEach.call(table.querySelectorAll("td[data-field]"), function (cell) {
      cells[cell.getAttribute("data-field")] = cell;
    });
    return {
      data: pane,
      at: data.at ? data.at[index] : null,
      figure: part("figure", "figure"),
      sentence: part("sentence", "sentence"),
      stack: part("stack", "stack"),
      cells: cells,
      attribute: compare ? "data-current-" + (index + 1) : "data-current",
      frame: -1, // the frame shown, and its line ids
      ids: null,
      own: -1,
    };
  });

  var FIELDS = ["name", "value", "alpha", "beta", "status", "visit"];

  // A frame's line ids: from the frame shown when it is before it, else from the keyframe at or before it (or
  // nothing, before the first frame), each later frame's splices applied in turn.
  function frameIds(pane, index) {
    var frames = pane.data.frames, every = data.keyframe_every;
    var start, ids;
    if (pane.ids !== null && pane.frame < index && index - pane.frame <= every) {
      start = pane.frame + 1;
      ids = pane.ids.slice();
    } else {
      var key = Math.floor(index / every);
      start = key === 0 ? 0 : key * every + 1;
      ids = key === 0 ? [] : pane.data.keyframes[key - 1].slice();
    }
    for (var frame = start; frame <= index; frame += 1) applySplices(ids, frames[frame]);
    return ids;
  }

  // A frame's splices, [position, lines removed, ids inserted] each, in the frame before's positions.
  function spliceList(frame) {
    var splices = [];
    for (var at = 0; at < frame.length; ) {
      var inserted = frame[at + 2];
      splices.push([frame[at], frame[at + 1], frame.slice(at + 3, at + 3 + inserted)]);
      at += 3 + inserted;
    }
    return splices;
  }

  function applySplices(ids, frame) {
    var splices = spliceList(frame);
    for (var index = splices.length - 1; index >= 0; index -= 1) {
      var splice = splices[index];
      Array.prototype.splice.apply(ids, [splice[0], splice[1]].concat(splice[2]));
    }
  }

  // The frame's SVG, without its XML declaration (an HTML parser reads it as a bogus comment).
  function svgText(pane, ids) {
    var lines = pane.data.lines;
    var parts = [];
    for (var index = 0; index < ids.length; index += 1) {
      var line = lines[ids[index]];
      if (index === 0 && line.lastIndexOf("<?xml", 0) === 0) continue;
      parts.push(line);
    }
    return parts.join("\n");
  }

  // The figure: only the items that differ from the frame shown are parsed and put in (a big tree's step
  // changes a few of its thousands of items). A step to the next or the previous frame replays that frame's
  // splices on the drawing's elements, forward or backward; a jump between frames of one length replaces the
  // items that differ; anything else (or a new <svg> line) draws the frame afresh.
  var SVG_NAMESPACE = "http://www.w3.org/2000/svg";
  var parser = document.createElementNS(SVG_NAMESPACE, "svg");

  function parsed(pane, ids) {
    parser.innerHTML = ids.map(function (id) { return pane.data.lines[id]; }).join("");
    return Array.prototype.slice.call(parser.children);
  }

  // Replaces the elements of lines [at, at + count) (line positions) with those of `ids`.
  function putLines(pane, svg, head, at, count, ids) {
    var items = svg.children; // the lines after the <svg> line, one element each, in order
    var next = items[at - head - 1 + count] || null;
    for (var removed = 0; removed < count; removed += 1) svg.removeChild(items[at - head - 1]);
    parsed(pane, ids).forEach(function (item) {
      svg.insertBefore(item, next);
    });
  }

  function showFigure(pane, from, before, to, ids) {
    var svg = pane.figure.firstElementChild;
    var head = ids[0] !== undefined && pane.data.lines[ids[0]].lastIndexOf("<?xml", 0) === 0 ? 1 : 0;
    var kept = before !== null && svg !== null;
    for (var at = 0; kept && at <= head; at += 1) kept = before[at] === ids[at]; // the <svg> line
    var frames = pane.data.frames;
    var index, splices;
    if (kept && Math.abs(to - from) === 1) {
      splices = spliceList(frames[Math.max(from, to)]); // in the earlier frame's positions
      if (to > from) {
        for (index = splices.length - 1; index >= 0; index -= 1) {
          putLines(pane, svg, head, splices[index][0], splices[index][1], splices[index][2]);
        }
      } else {
        var shift = 0, later = [];
        splices.forEach(function (splice) { // where each splice's lines are in the later frame
          later.push(splice[0] + shift);
          shift += splice[2].length - splice[1];
        });
        for (index = splices.length - 1; index >= 0; index -= 1) {
          var splice = splices[index];
          putLines(pane, svg, head, later[index], splice[2].length, ids.slice(splice[0], splice[0] + splice[1]));
        }
      }
      return;
    }
    if (!kept || before.length !== ids.length) {
      pane.figure.innerHTML = svgText(pane, ids);
      return;
    }
    var changed = [];
    for (index = head + 1; index < ids.length - 1; index += 1) {
      if (before[index] !== ids[index]) changed.push(index);
    }
    if (changed.length === 0) return;
    var fresh = parsed(pane, changed.map(function (line) { return ids[line]; }));
    var items = svg.children;
    var old = changed.map(function (line) { return items[line - head - 1]; }); // (before the list changes)
    changed.forEach(function (line, number) {
      svg.replaceChild(fresh[number], old[number]);
    });
  }

  function showPane(pane, joint) {
    var own = pane.at ? pane.at[joint] : joint;
    if (own === pane.own) return;
    pane.own = own;
    if (own !== pane.frame) {
      var before = pane.ids, from = pane.frame;
      pane.ids = frameIds(pane, own);
      pane.frame = own;
      showFigure(pane, from, before, own, pane.ids);
    }
    var texts = pane.data.texts;
    var row = pane.data.rows[own];
    pane.sentence.textContent = texts[row[0]];
    body.setAttribute(pane.attribute, row[1] < 0 ? "" : texts[row[1]]);
    for (var field = 0; field < FIELDS.length; field += 1) {
      pane.cells[FIELDS[field]].textContent = texts[row[2 + field]];
    }
    var stack = document.createDocumentFragment();
    for (var at = 2 + FIELDS.length; at < row.length; at += 1) {
      var item = document.createElement("li");
      item.textContent = texts[row[at]];
      stack.appendChild(item);
    }
    pane.stack.textContent = "";
    pane.stack.appendChild(stack);
  }

  // -- the log: one item added or removed per step --------------------------
  var log = byId("log");
  var logged = 0; // the steps whose sentences the log holds

  function showLog(target) {
    if (!log) return;
    var pane = panes[0];
    while (logged > target) {
      log.removeChild(log.firstChild);
      logged -= 1;
    }
    if (logged < target) {
      var newer = document.createDocumentFragment();
      for (var index = target; index > logged; index -= 1) {
        var item = document.createElement("li");
        item.textContent = pane.data.texts[pane.data.rows[index][0]];
        newer.appendChild(item);
      }
      log.insertBefore(newer, log.firstChild);
      logged = target;
    }
  }

  // -- stepping --------------------------------------------------------------
  var stepText = byId("step");
  var slider = byId("slider");
  var playButton = byId("play");
  var notice = byId("notice");
  // A page of a collapsed tree steps over runs of the search's steps: beside the page's step, the search's
  // (the figure's caption counts those).
  var searchStep = null;
  if (data.search_steps) {
    searchStep = document.createElement("span");
    searchStep.id = "search-step";
    searchStep.className = "hint";
    stepText.parentNode.insertBefore(searchStep, stepText.nextSibling);
  }

  function go(target) {
    target = Math.max(0, Math.min(total, target));
    step = target;
    panes.forEach(function (pane) {
      showPane(pane, target);
    });
    showLog(target);
    body.setAttribute("data-step", String(target));
    stepText.textContent = "step " + target + " of " + total;
    if (searchStep) searchStep.textContent = "(search step " + data.search_steps[target] + " of " + data.search_total + ")";
    slider.value = String(target);
    notice.textContent = "";
    if (target >= total) stop();
  }

  function nextCutoff() {
    var cuts = data.cuts;
    for (var index = 0; index < cuts.length; index += 1) {
      if (cuts[index] > step) return go(cuts[index]);
    }
    notice.textContent = "No cut-off after this step.";
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = "Play";
  }

  function play() {
    if (step >= total) go(0);
    var perSecond = parseFloat(byId("speed").value) || 2;
    if (timer !== null) clearInterval(timer);
    timer = setInterval(function () {
      go(step + 1);
    }, 1000 / perSecond);
    playButton.textContent = "Pause";
  }

  function toggle() {
    if (timer === null) play();
    else stop();
  }

  function pauseThen(action) {
    return function () {
      stop();
      action();
    };
  }

  byId("first").addEventListener("click", pauseThen(function () { go(0); }));
  byId("back").addEventListener("click", pauseThen(function () { go(step - 1); }));
  byId("forward").addEventListener("click", pauseThen(function () { go(step + 1); }));
  byId("last").addEventListener("click", pauseThen(function () { go(total); }));
  byId("next-cutoff").addEventListener("click", pauseThen(nextCutoff));
  playButton.addEventListener("click", toggle);
  byId("speed").addEventListener("change", function () {
    if (timer !== null) play();
  });
  slider.addEventListener("input", function () {
    stop();
    go(parseInt(slider.value, 10) || 0);
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return; // they have keys of their own
    var actions = {
      ArrowRight: pauseThen(function () { go(step + 1); }),
      ArrowLeft: pauseThen(function () { go(step - 1); }),
      Home: pauseThen(function () { go(0); }),
      End: pauseThen(function () { go(total); }),
      c: pauseThen(nextCutoff),
      C: pauseThen(nextCutoff),
    };
    if (event.key === " " || event.key === "Spacebar") {
      if (tag === "BUTTON") return; // the button's own click
      actions[event.key] = toggle;
    }
    var action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });

  // -- printing: this step, every step, or the final figure ------------------
  var printMode = byId("print-mode");
  var printPages = byId("print-pages");
  var stepBeforePrint = null;

  function printPage(target) {
    var page = document.createElement("section");
    page.className = "print-page";
    var heading = document.createElement("h2");
    heading.textContent = "step " + target + " of " + total;
    page.appendChild(heading);
    panes.forEach(function (pane) {
      var own = pane.at ? pane.at[target] : target;
      var figure = document.createElement("div");
      figure.className = "figure";
      figure.innerHTML = svgText(pane, frameIds(pane, own));
      var sentence = document.createElement("p");
      sentence.textContent = pane.data.texts[pane.data.rows[own][0]];
      if (compare) {
        var title = document.createElement("h3");
        title.textContent = pane.data.title;
        page.appendChild(title);
      }
      page.appendChild(figure);
      page.appendChild(sentence);
    });
    return page;
  }

  window.addEventListener("beforeprint", function () {
    var mode = printMode.value;
    body.setAttribute("data-print", mode);
    stop();
    if (mode === "final") {
      stepBeforePrint = step;
      go(total);
    } else if (mode === "every") {
      var pages = document.createDocumentFragment();
      for (var target = 0; target <= total; target += 1) pages.appendChild(printPage(target));
      printPages.textContent = "";
      printPages.appendChild(pages);
    }
  });

  window.addEventListener("afterprint", function () {
    body.removeAttribute("data-print");
    printPages.textContent = "";
    if (stepBeforePrint !== null) go(stepBeforePrint);
    stepBeforePrint = null;
  });

  go(0);
})();
