// poker-analyzer ui: the page's behaviour, written by hand (no framework, no build step).
// Every figure comes from the server's JSON endpoints, which call the public Python API.
"use strict";

const RANKS = "AKQJT98765432";
const SUITS = [["s", "\u2660"], ["h", "\u2665"], ["d", "\u2666"], ["c", "\u2663"]];
const MAX_PLAYERS = 10;
const state = { meta: null, players: [], board: [], dead: [], pgHand: [], play: null, saint: null };

// ------------------------------------------------------------------ helpers

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

const pct = (x, digits = 3) => (x === null || x === undefined ? "" : (100 * x).toFixed(digits) + "%");
const num = (x) => (x === null || x === undefined ? "" : Number(x).toLocaleString("en"));

function table(headers, rows, rowAttrs = () => ({})) {
  const head = el("tr", {}, ...headers.map((h) => el("th", { text: h })));
  const body = rows.map((row, i) => el("tr", rowAttrs(i), ...row.map((cell) => (
    cell instanceof Node ? el("td", {}, cell) : el("td", { text: String(cell) })))));
  return el("table", {}, el("thead", {}, head), el("tbody", {}, ...body));
}

const STOPPED_BY = { time_limit: "stopped at its time limit", target_se: "stopped at its standard error",
  trials: "stopped at its trials" };

function runLine(run, unit) {
  const method = run.exact ? "exact" : "Monte Carlo";
  const parts = [`${method}: ${num(run.trials)} ${unit}`];
  if (!run.exact && run.seed !== null && run.seed !== undefined) parts.push(`seed ${run.seed}`);
  if (run.stopped_by && !run.exact) parts.push(STOPPED_BY[run.stopped_by] || `stopped by ${run.stopped_by}`);
  if (run.elapsed_seconds !== undefined) parts.push(`${run.elapsed_seconds.toFixed(3)} s`);
  if (run.choice) parts.push(run.choice);
  return el("p", { class: "method", text: parts.join("; ") });
}

// ------------------------------------------------------------------ tabs

function showTab(name) {
  for (const tab of document.querySelectorAll("nav .tab")) {
    tab.classList.toggle("active", tab.dataset.tab === name);
    tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
  }
  for (const panel of document.querySelectorAll(".panel")) panel.classList.toggle("active", panel.id === name);
  if (name === "results" && !document.querySelector("#results-list li")) loadResults();
}

// ------------------------------------------------------------------ range grids

function cellKind(name) {
  return name.length === 2 ? "pair" : name.endsWith("s") ? "suited" : "offsuit";
}

function paintCell(cell, weight) {
  const share = `${Math.round(1000 * weight) / 10}%`;
  cell.dataset.weight = String(weight);
  cell.querySelector(".fill").style.height = `${Math.round(100 * weight)}%`;
  cell.classList.toggle("on", weight >= 0.65); // white letters once the fill reaches above their middle
  cell.setAttribute("aria-pressed", weight === 0 ? "false" : weight === 1 ? "true" : "mixed");
  cell.setAttribute("aria-label", `${cell.dataset.class}, ${share}`);
  cell.title = `${cell.dataset.class}: ${share} of its combos`;
}

let drag = null; // {player, weight, edits: Map class -> weight}

function toggledWeight(player, cell) {
  // the grid weight, or 0 (out) when the class already has it
  const paint = player.paintWeight();
  return Number(cell.dataset.weight) === paint ? 0 : paint;
}

function buildGrid(player) {
  // one button per class; a single tab stop (the focused class), the arrow keys move in the grid,
  // Enter or Space toggles the class as a click does
  const grid = el("div", { class: "grid", role: "group", "data-player": String(player.index),
    "aria-label": `Player ${player.index + 1}'s range: 13 by 13 hand classes, arrow keys to move, Space to toggle` });
  state.meta.grid.forEach((row, r) => row.forEach((name, c) => {
    const cell = el("button", { type: "button", class: `cell ${cellKind(name)}`, "data-class": name,
      "data-row": r, "data-col": c, tabindex: r === 0 && c === 0 ? "0" : "-1" },
    el("span", { class: "fill" }), el("span", { class: "name", text: name }));
    paintCell(cell, 0);
    cell.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      focusCell(grid, cell);
      drag = { player, weight: toggledWeight(player, cell), edits: new Map() };
      dragOver(cell);
    });
    cell.addEventListener("click", (event) => {
      if (event.detail !== 0) return; // a click of a pointer: done by pointerdown and pointerup
      const weight = toggledWeight(player, cell);
      paintCell(cell, weight);
      editGrid(player, [{ class: name, weight }]);
    });
    cell.addEventListener("keydown", (event) => {
      const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
      if (!step) return;
      event.preventDefault();
      const [nr, nc] = [Math.min(12, Math.max(0, r + step[0])), Math.min(12, Math.max(0, c + step[1]))];
      focusCell(grid, grid.children[13 * nr + nc]).focus();
    });
    grid.append(cell);
  }));
  // The cell under the pointer, not the one the events go to: a touch keeps sending its events to
  // the cell it started on (implicit pointer capture), a mouse to the cell it is over.
  // Every position since the last event counts (Chrome merges the moves of one frame).
  grid.addEventListener("pointermove", (event) => {
    if (!drag || drag.player !== player) return;
    const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    for (const move of moves.length ? moves : [event]) {
      const under = document.elementFromPoint(move.clientX, move.clientY)?.closest(".cell");
      if (under && grid.contains(under)) dragOver(under);
    }
  });
  return grid;
}

function focusCell(grid, cell) {
  // the grid's one tab stop moves to cell
  for (const other of grid.querySelectorAll(".cell[tabindex='0']")) other.tabIndex = -1;
  cell.tabIndex = 0;
  return cell;
}

function dragOver(cell) {
  paintCell(cell, drag.weight);
  drag.edits.set(cell.dataset.class, drag.weight);
}

function endDrag() {
  if (!drag) return;
  const { player, edits } = drag;
  drag = null;
  editGrid(player, [...edits].map(([name, weight]) => ({ class: name, weight })));
}

function editGrid(player, edits) {
  // Grid edits apply to the text the box shows once the edits before them are answered: until
  // then each request sends the text before the first unanswered edit and every edit since, so
  // that quick clicks or keys, whose answers are dropped for later ones, are never lost.
  if (!player.pending.length) player.base = player.textarea.value;
  player.pending.push(...edits);
  updateRange(player, { text: player.base, edits: player.pending }, true);
}

document.addEventListener("pointerup", endDrag);
document.addEventListener("pointercancel", endDrag);
window.addEventListener("blur", endDrag); // released outside the window: the drag ends there

// ------------------------------------------------------------------ players

async function updateRange(player, request, rewriteText) {
  const asked = ++player.asked;
  if (!request.edits) player.pending = []; // a text of its own: the edits not yet answered give way
  try {
    const answer = await api("/api/range", request);
    if (asked !== player.asked) return; // a later request answers instead
    player.pending = [];
    player.error.textContent = "";
    if (rewriteText) player.textarea.value = answer.text;
    answer.grid.forEach((row, r) => row.forEach((weight, c) => {
      paintCell(player.grid.children[13 * r + c], weight);
    }));
    player.counts.textContent = answer.empty ? "no combos"
      : `${num(answer.combos)} combo${answer.combos === 1 ? "" : "s"} (${num(Math.round(100 * answer.weighted) / 100)} weighted), ${pct(answer.share, 1)} of all`;
    player.showShare(player.textarea.value, answer.share);
  } catch (err) {
    if (asked !== player.asked) return;
    player.pending = [];
    player.error.textContent = err.message;
  }
}

function addPlayer(text = "") {
  if (state.players.length >= MAX_PLAYERS) return;
  const player = { index: state.players.length, asked: 0, pending: [], base: "" };
  const textarea = el("textarea", { rows: "2", spellcheck: "false", "aria-label": `Player ${player.index + 1}'s hand or range`,
    placeholder: "a hand or range: AsKs, QQ+, AKs, T9s-QJs, 10%, TT+:0.5, random" });
  textarea.value = text;
  const error = el("p", { class: "error", role: "alert" });
  const counts = el("p", { class: "counts" });
  const paint = el("input", { type: "number", min: "1", max: "100", step: "1", value: "100", class: "paint" });
  const slider = el("input", { type: "range", min: "0", max: "100", step: "0.5", value: "0", class: "share" });
  const sliderLabel = el("output", { text: "0%" });
  const remove = el("button", { type: "button", text: "remove", class: "remove",
    "aria-label": `remove player ${player.index + 1}` });
  const title = el("h3", {}, el("span", { text: `Player ${player.index + 1}` }), remove);
  const showShare = (text, share) => {
    // the slider follows the range: its N when the text is "N%", else the share of hands it holds
    const typed = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(text);
    slider.value = String(typed ? Number(typed[1]) : Math.round(200 * share) / 2);
    sliderLabel.textContent = `${slider.value}%`;
  };
  Object.assign(player, { textarea, error, counts, showShare,
    paintWeight: () => Math.min(100, Math.max(1, Number(paint.value) || 100)) / 100 });
  player.grid = buildGrid(player);
  player.el = el("div", { class: "player", "data-player": String(player.index) }, title, textarea, error, counts,
    el("div", { class: "controls" },
      el("label", {}, "grid weight ", paint, "%"),
      el("label", {}, "top ", slider, " ", sliderLabel)),
    player.grid);
  let timer = null;
  textarea.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => updateRange(player, { text: textarea.value }, false), 300);
  });
  slider.addEventListener("input", () => { sliderLabel.textContent = `${slider.value}%`; });
  slider.addEventListener("change", () => {
    textarea.value = Number(slider.value) > 0 ? `${slider.value}%` : "";
    updateRange(player, { text: textarea.value }, false);
  });
  remove.addEventListener("click", () => {
    if (state.players.length <= 2) return;
    const texts = state.players.filter((p) => p !== player).map((p) => p.textarea.value);
    resetPlayers(texts);
  });
  state.players.push(player);
  document.getElementById("players").append(player.el);
  updateRange(player, { text }, false);
  refreshPlayerCount();
}

function resetPlayers(texts) {
  state.players = [];
  document.getElementById("players").replaceChildren();
  texts.forEach((text) => addPlayer(text));
}

function refreshPlayerCount() {
  // two players at least, ten at most: the buttons that would break that are disabled
  for (const button of document.querySelectorAll(".player button.remove")) button.disabled = state.players.length <= 2;
  document.getElementById("add-player").disabled = state.players.length >= MAX_PLAYERS;
  const select = document.getElementById("hits-player");
  const chosen = select.value;
  select.replaceChildren(...state.players.map((p) => el("option", { value: String(p.index), text: String(p.index + 1) })));
  if (chosen && Number(chosen) < state.players.length) select.value = chosen;
}

// ------------------------------------------------------------------ card pickers

function deckCards(withJoker) {
  const cards = [];
  for (const [suit, symbol] of SUITS) for (const rank of RANKS) cards.push([rank + suit, rank + symbol, suit]);
  if (withJoker) cards.push(["Jk", "Jk", "joker"]);
  return cards;
}

function buildDeck(container, withJoker, onClick) {
  for (const [code, label, suit] of deckCards(withJoker)) {
    const card = el("button", { type: "button", class: `card s-${suit}`, "data-card": code, text: label,
      "aria-pressed": "false" });
    card.addEventListener("click", () => onClick(code));
    container.append(card);
  }
}

function pickHoldemCard(code) {
  const target = document.querySelector("input[name=target]:checked").value;
  for (const list of [state.board, state.dead]) {
    const at = list.indexOf(code);
    if (at >= 0) { list.splice(at, 1); showHoldemCards(); return; }
  }
  if (target === "board" && state.board.length >= 5) return;
  state[target].push(code);
  showHoldemCards();
}

function showHoldemCards() {
  for (const card of document.querySelectorAll("#deck .card")) {
    const [board, dead] = [state.board, state.dead].map((list) => list.includes(card.dataset.card));
    card.classList.toggle("board", board);
    card.classList.toggle("dead", dead);
    card.setAttribute("aria-pressed", String(board || dead));
  }
  document.getElementById("board-text").textContent = state.board.join(" ");
  document.getElementById("dead-text").textContent = state.dead.join(" ");
  // the boards each query takes: every flop (no board) or every turn (a flop); hits on every
  // flop, a flop or a turn
  const streets = document.getElementById("run-streets");
  const street = { 0: "flop", 3: "turn" }[state.board.length];
  streets.textContent = street ? `Every ${street}` : "Every flop or turn";
  streets.disabled = !street;
  streets.title = street ? "" : "every flop takes no board, every turn a flop";
  const hits = document.getElementById("run-hits");
  hits.disabled = ![0, 3, 4].includes(state.board.length);
  hits.title = hits.disabled ? "hits take no board (every flop), a flop or a turn" : "";
}

// ------------------------------------------------------------------ Hold'em answers

function hands() {
  return state.players.map((p) => p.textarea.value.trim());
}

async function runQuery(path, button, render, errorId = "holdem-error", body = null) {
  const error = document.getElementById(errorId);
  error.textContent = "";
  button.disabled = true;
  try {
    render(await api(path, body || { hands: hands(), board: state.board.join(" "), dead: state.dead.join(" ") }));
  } catch (err) {
    error.textContent = err.message;
  } finally {
    button.disabled = false;
    showHoldemCards(); // which of the board's queries can run
  }
}

function renderEquity(answer) {
  const rows = answer.players.map((p, i) => {
    const equity = el("span", { class: "equity", "data-equity": String(p.equity), text: pct(p.equity) });
    const combos = p.combos === p.combos_listed ? num(p.combos) : `${num(p.combos)} of ${num(p.combos_listed)}`;
    return [String(i + 1), p.range, combos, equity, answer.exact ? "exact" : `\u00b1 ${pct(p.stderr)}`,
      pct(p.win), pct(p.tie)];
  });
  const breakdowns = answer.players.map((p, i) => {
    const b = p.breakdown;
    const line = (r) => [r.hand, r.class, pct(r.weight, 2), pct(r.equity), pct(r.win), pct(r.tie),
      answer.exact ? "" : pct(r.stderr)];
    const headers = ["hand", "class", "share of range", "equity", "win", "tie", answer.exact ? "" : "\u00b1 s.e."];
    return el("details", {},
      el("summary", { text: `Player ${i + 1} (${p.range}): equity by class and by combo` }),
      el("div", { class: "scroll" }, el("h3", { text: "by class" }), table(headers, b.classes.map(line))),
      el("div", { class: "scroll" }, el("h3", { text: "by combo" }), table(headers, b.combos.map(line))));
  });
  const title = `Equity${answer.board ? `, board ${answer.board}` : ""}${answer.dead ? `, dead ${answer.dead}` : ""}`;
  document.getElementById("equity-answer").replaceChildren(
    el("h2", { text: title }),
    el("div", { id: "equity-table" }, table(["player", "hand or range", "live combos", "equity", "\u00b1 s.e.", "win", "tie"], rows)),
    runLine(answer, "deals"), ...breakdowns);
  runFacts(document.getElementById("equity-answer"), answer);
}

function renderStreets(answer) {
  const colours = ["#2a6fb8", "#d08c00", "#1f6f3f", "#a03060", "#6b6b6b", "#7040b0", "#308080", "#b05020", "#404040", "#90a020"];
  const width = 520, height = 240, left = 40, bottom = 24, top = 8, right = 20;
  const x = (share) => left + share * (width - left - right);
  const y = (equity) => top + (1 - equity) * (height - top - bottom);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "chart");
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    add("line", { x1: x(0), x2: x(1), y1: y(tick), y2: y(tick), stroke: "#ddd" });
    add("text", { x: 4, y: y(tick) + 3 }, `${100 * tick}%`);
    add("text", { x: x(tick), y: height - 8, "text-anchor": "middle" }, `${100 * tick}%`);
  }
  add("text", { x: x(0.5), y: top + 12, "text-anchor": "middle" }, `share of ${answer.street}s, best first`);
  answer.curves.forEach((curve, i) => {
    const points = curve.map((e, k) => `${x(k / (curve.length - 1)).toFixed(1)},${y(e).toFixed(1)}`).join(" ");
    add("polyline", { points, fill: "none", stroke: colours[i % colours.length], "stroke-width": 2, class: `curve player-${i + 1}` });
  });
  const legend = answer.players.map((p, i) => el("span", { text: `\u25a0 player ${i + 1} ${p.hand}: ${pct(p.equity)}  ` }));
  legend.forEach((span, i) => { span.style.color = colours[i % colours.length]; });
  const d = answer.distribution;
  document.getElementById("streets-answer").replaceChildren(
    el("h2", { text: `Equity on every ${answer.street} (${num(answer.boards)} ${answer.street}s), sorted best first` }),
    svg, el("p", {}, ...legend),
    el("p", { class: "method", text: `player 1: ahead on ${pct(d.ahead, 1)} of ${answer.street}s, at least 80% on ${pct(d.favourite, 1)}; `
      + `exact, ${num(answer.run.trials)} deals, ${answer.run.elapsed_seconds.toFixed(2)} s` }));
}

function renderHits(answer) {
  const section = (title, rows) => el("details", { open: "" }, el("summary", { text: title }),
    table(["", "row", "combos", "share", "hands"], rows.filter((r) => r.combos > 0).map((r) => [
      el("input", { type: "checkbox", value: r.row, class: "hit-row", "aria-label": r.row }), r.row, num(Math.round(100 * r.combos) / 100),
      pct(r.share, 2), el("span", { class: "text", text: r.hands.join(" ") })])));
  const filter = el("button", { type: "button", text: "Checked rows as a range for player" });
  const target = el("select", { "aria-label": "player" }, ...state.players.map((p) => el("option", { value: String(p.index), text: String(p.index + 1) })));
  filter.addEventListener("click", () => runFilter(answer, target.value, filter));
  document.getElementById("hits-answer").replaceChildren(
    el("p", { class: "method", text: `${answer.range}${answer.board ? ` on ${answer.board}` : " on every flop"}: `
      + `${num(answer.combos)} combos; exact, ${answer.elapsed_seconds.toFixed(3)} s` }),
    section("Made hands", answer.made), section("Draws", answer.draws),
    el("p", {}, filter, " ", target));
}

async function runFilter(answer, playerIndex, button) {
  const rows = [...document.querySelectorAll("#hits-answer .hit-row:checked")].map((box) => box.value);
  const error = document.getElementById("hits-error");
  const player = state.players[Number(playerIndex)];
  error.textContent = !rows.length ? "tick at least one row first"
    : !player ? `there is no player ${Number(playerIndex) + 1} any more` : "";
  if (error.textContent) return;
  button.disabled = true;
  try {
    const filtered = await api("/api/hits", { range: answer.range, board: answer.board, dead: answer.dead, filter: rows });
    player.textarea.value = filtered.filtered;
    updateRange(player, { text: filtered.filtered }, false);
  } catch (err) {
    error.textContent = err.message;
  } finally {
    button.disabled = false;
  }
}

// ------------------------------------------------------------------ Pai Gow

function pickPaigowCard(code) {
  const at = state.pgHand.indexOf(code);
  if (at >= 0) state.pgHand.splice(at, 1);
  else if (state.pgHand.length < 7) state.pgHand.push(code);
  document.getElementById("pg-hand").value = state.pgHand.join(" ");
  showPaigowCards();
}

function showPaigowCards() {
  for (const card of document.querySelectorAll("#pg-deck .card")) {
    const held = state.pgHand.includes(card.dataset.card);
    card.classList.toggle("hand", held);
    card.setAttribute("aria-pressed", String(held));
  }
}

function renderPaigow(answer) {
  state.pgHand = answer.cards.split(" "); // the cards as the API read them (typed as "ac kd", "AcKd"...)
  showPaigowCards();
  const hw = answer.house_way;
  const rows = answer.splits.map((s) => [s.front, s.back, s.front_name, s.back_name,
    el("span", { class: "ev", "data-ev": String(s.ev), text: (s.ev >= 0 ? "+" : "") + s.ev.toFixed(4) }),
    answer.exact ? "exact" : `\u00b1 ${s.stderr.toFixed(4)}`, pct(s.win, 2), pct(s.push, 2), pct(s.loss, 2)]);
  const note = answer.exact ? "Every split's exact EV over all 53,524,680 dealer hands."
    : "Monte Carlo estimates with their standard errors, not exact EVs: the exact count is estimated longer than "
      + "this page's 3 s here (the reason below); poker-analyzer paigow split HAND --exact counts it whatever it takes.";
  document.getElementById("pg-answer").replaceChildren(
    el("h2", { text: `${answer.cards}: House Way (${answer.way}) front ${hw.front}, back ${hw.back}` }),
    el("p", { class: "method", id: "pg-rule", text: `rule: ${hw.rule}` }),
    el("p", { class: "method", text: note }),
    runLine(answer, "dealer hands"),
    table(["front", "back", "front hand", "back hand", "EV (bets)", "\u00b1 s.e.", "win", "push", "loss"], rows,
      (i) => (answer.splits[i].house_way ? { class: "house-way" } : {})));
  runFacts(document.getElementById("pg-answer"), answer);
}

function runFacts(node, run) {
  // how the answer was found, as attributes too: what a test reads to ask the API the same question
  node.dataset.exact = String(run.exact);
  node.dataset.trials = String(run.trials);
  node.dataset.seed = run.seed === null ? "" : String(run.seed);
}

// ------------------------------------------------------------------ Head to Head, played

const SUIT_SYMBOLS = Object.fromEntries(SUITS);
const money = (x, digits = 1) => (x === null || x === undefined ? "" : `$${Number(x).toFixed(digits)}`);

function cardChip(code) {
  // a card as the board shows it: rank and suit symbol, red for hearts and diamonds
  return el("span", { class: `card s-${code[1]}`, "data-card": code, text: code[0] + SUIT_SYMBOLS[code[1]] });
}

function cardChips(codes) {
  const box = el("span", { class: "chips" }, ...codes.map(cardChip));
  if (!codes.length) box.append("\u2013");
  return box;
}

// The thinking time chosen in a game's "Thinks" select: null for the opponents' own budgets.
function thinkingTime(id) {
  const value = document.getElementById(id).value;
  return value ? Number(value) : null;
}

// The options of a "Thinks" select: the opponents' own budgets, then the page's thinking times.
function thinkOptions(times) {
  return [el("option", { value: "", text: "its budget" }),
    ...times.map((ms) => el("option", { value: String(ms), text: `${ms / 1000} s a move` }))];
}

async function newGame() {
  const button = document.getElementById("play-new");
  const error = document.getElementById("play-error");
  error.textContent = "";
  button.disabled = true;
  try {
    const game = await api("/api/h2h/play/new", {
      opponent: document.getElementById("play-opponent").value,
      round_type: document.getElementById("play-round-type").value,
      crazy: document.getElementById("play-crazy").checked,
      betting: document.getElementById("play-betting").checked,
      opponent_bets: document.getElementById("play-bets").value,
      think_ms: thinkingTime("play-think"),
      seed: document.getElementById("play-seed").value.trim() || null,
    });
    state.play = { id: game.id, events: 0 };
    delete document.getElementById("play-game").dataset.busy; // a move of the last game may still be running
    document.getElementById("play-advice").replaceChildren();
    document.getElementById("play-events").replaceChildren();
    renderGame(game);
  } catch (err) {
    error.textContent = err.message;
  } finally {
    button.disabled = false;
  }
}

async function playMove(number) {
  const error = document.getElementById("play-error");
  error.textContent = "";
  const view = document.getElementById("play-game");
  for (const button of view.querySelectorAll("button.move")) button.disabled = true;
  view.dataset.busy = "true";
  const id = state.play.id;
  const current = () => state.play.id === id; // a new game begun meanwhile drops this one's answers
  try {
    const game = await api("/api/h2h/play/move", { id, move: String(number) });
    if (!current()) return;
    renderAdvice(game.advice);
    renderGame(game);
  } catch (err) {
    if (!current()) return;
    error.textContent = err.message;
    try { // the game as the server holds it: a move refused for its time was not played
      const game = await api("/api/h2h/play/state", { id });
      if (current()) renderGame(game);
    } catch (lost) {
      if (current()) view.replaceChildren();
    }
  } finally {
    if (current()) delete view.dataset.busy;
  }
}

function rowChips(chips) {
  // a row's chips as the terminal's board says them: the base left and the bets, or paid
  if (chips.paid) return "paid";
  let words = `base $${chips.base}`;
  if (chips.you || chips.opponent) words += `, you $${chips.you}, opp $${chips.opponent}`;
  return chips.closed ? `${words}, closed` : words;
}

function renderGame(game) {
  const view = document.getElementById("play-game");
  const crazy = game.crazy ? " Crazy" : "";
  const money = game.betting ? game.stacks : game.chips;
  const status = el("h3", { id: "play-status",
    text: `Round ${game.round} of 3: ${game.rows} rows, ${game.round_type}${crazy}; `
      + `${game.betting ? "stacks" : "chips"} you $${num(money.you)}, opponent $${num(money.opponent)}` });
  const betting = game.betting ? `, betting ${game.opponent_bets}` : "";
  const facts = el("p", { class: "method", text: `against ${game.opponent}${betting}, seed ${game.seed}` });
  for (const line of game.think) facts.append(el("br"), el("span", { class: "think", text: line }));
  const rows = game.board.map((row, r) => [`row ${r + 1}`, cardChips(row.you), cardChip(row.common),
    cardChips(row.opponent), ...(game.betting ? [el("span", { class: "row-chips", text: rowChips(row.chips) })] : [])]);
  const headers = ["", "you", "", "opponent", ...(game.betting ? ["chips"] : [])];
  const board = table(headers, rows, (i) => ({ "data-row": String(i + 1) }));
  board.id = "play-board";
  const parts = [status, facts, board];
  if (game.over) {
    const words = game.winner === "you" ? "You win the game" : "The opponent wins the game";
    parts.push(el("p", { id: "play-end", class: "end", "data-winner": game.winner,
      text: `${words}: ${game.betting ? "stacks" : "chips"} you $${num(money.you)}, opponent $${num(money.opponent)}.` }));
  } else if (game.betting && game.decision !== "place") {
    const what = game.cards_are ? [`${game.cards_are[0].toUpperCase()}${game.cards_are.slice(1)} `, cardChips(game.cards)] : [];
    parts.push(el("p", { id: "play-cards" }, ...what), betControls(game));
  } else {
    parts.push(el("p", { id: "play-cards" }, "You may place ", cardChips(game.cards)), moveButtons(game.moves));
  }
  view.replaceChildren(...parts);
  view.dataset.round = String(game.round);
  view.dataset.over = String(game.over);
  view.dataset.moves = String(game.moves.length);
  const events = document.getElementById("play-events");
  for (const event of game.events.slice(state.play.events)) events.append(el("li", { text: event }));
  state.play.events = game.events.length;
  events.scrollTop = events.scrollHeight;
}

function moveButtons(moves) {
  // a line per card that may be placed, a button per row (and side, in a Crazy round)
  const byCard = new Map();
  for (const move of moves) {
    if (!byCard.has(move.card)) byCard.set(move.card, []);
    byCard.get(move.card).push(move);
  }
  const lines = [...byCard].map(([card, cardMoves]) => el("div", { class: "move-line" }, cardChip(card),
    ...cardMoves.map((move) => {
      const button = el("button", { type: "button", class: "move", "data-move": String(move.number),
        "data-label": move.label, "aria-label": move.label, title: move.label,
        text: `row ${move.row}${move.side === "opponent" ? " (opponent's side)" : ""}` });
      button.addEventListener("click", () => playMove(move.number));
      return button;
    })));
  return el("div", { id: "play-moves" }, ...lines);
}

function betControls(game) {
  // the betting actions: no bet, or a bet on a row (its amount from a list); decline, call, or a
  // raise (its amount from a list); the terminal's words for them below
  const byKind = (kind) => game.actions.filter((a) => a.kind === kind);
  const button = (action, text) => {
    const node = el("button", { type: "button", class: "move", "data-move": String(action.number),
      "data-label": action.label, title: action.label, text });
    node.addEventListener("click", () => playMove(action.number));
    return node;
  };
  const amounts = (actions, id, kind, row) => {
    // a list of the amounts and its button; $50 (else the smallest) chosen at first
    const select = el("select", { id, "aria-label": `amount of the ${kind}` },
      ...actions.map((a) => el("option", { value: String(a.number), text: `$${a.amount}` })));
    const preset = actions.find((a) => a.amount === 50) || actions[0];
    select.value = String(preset.number);
    const go = el("button", { type: "button", class: "move", "data-kind": kind, text: kind === "bet" ? "Bet" : "Raise" });
    if (row !== null) go.dataset.row = String(row);
    go.addEventListener("click", () => playMove(Number(select.value)));
    return [select, go];
  };
  const lines = [];
  if (game.decision === "bet") {
    lines.push(el("div", { class: "move-line" }, button(byKind("no bet")[0], "No bet")));
    for (let row = 1; row <= game.rows; row++) {
      const bets = byKind("bet").filter((a) => a.row === row);
      if (bets.length) lines.push(el("div", { class: "move-line" }, `Bet on row ${row}: `,
        ...amounts(bets, `play-bet-${row}`, "bet", row)));
    }
  } else {
    const line = el("div", { class: "move-line" }, `The opponent's bet on row ${game.facing}: `,
      button(byKind("decline")[0], "Decline"), button(byKind("call")[0], "Call"));
    const raises = byKind("raise");
    if (raises.length) line.append(" or ", ...amounts(raises, "play-raise", "raise", null));
    lines.push(line);
  }
  const words = el("ul", { class: "method", id: "play-described" }, ...game.described.map((d) => el("li", { text: d })));
  return el("div", { id: "play-actions", "data-decision": game.decision }, ...lines, words);
}

function renderAdvice(advice) {
  const error = advice.exact ? "exact" : `\u00b1 ${money(advice.you.regret_stderr)}`;
  const how = advice.exact ? "exact" : `Monte Carlo, ${num(advice.trials)} play-outs`;
  const line = (id, words, move, extra = "") => el("p", { id, "data-label": move.label, "data-ev": String(move.ev) },
    `${words} `, el("strong", { text: move.label }), `: EV ${money(move.ev)}${extra}`);
  if (advice.betting) {
    const plus = (x) => `$${x >= 0 ? "+" : "-"}${Math.abs(x).toFixed(1)}`; // as the terminal: $+12.5
    const bet = (id, words, choice, extra = "") => el("p", { id, "data-label": choice.label, "data-ev": String(choice.ev) },
      `${words} `, el("strong", { text: choice.label }), `: EV ${plus(choice.ev)} to the end of the round${extra}`);
    document.getElementById("play-advice").replaceChildren(
      bet("advice-you", "You:", advice.you,
        `, regret ${money(advice.you.regret)} \u00b1 ${money(advice.you.regret_stderr)}`),
      bet("advice-strong", "Strong play:", advice.strong, ` (\u00b1 ${money(advice.strong.stderr)})`),
      el("p", { class: "method", id: "advice-continuation",
        text: `The values are your stack at the end of the round minus now: ${advice.continuation}.` }));
    return;
  }
  document.getElementById("play-advice").replaceChildren(
    line("advice-you", "You played", advice.you, `, regret ${money(advice.you.regret)} (${error})`),
    line("advice-strong", `The ${advice.strong.player} player would play`, advice.strong),
    line("advice-best", "Best by these values:", advice.best),
    el("p", { class: "method", id: "advice-continuation",
      text: `The values are the chips you win from here on; they assume ${advice.continuation} (${how}).` }));
}

// ------------------------------------------------------------------ Saint Poker, played

async function saintNew() {
  const button = document.getElementById("saint-new");
  const error = document.getElementById("saint-error");
  error.textContent = "";
  button.disabled = true;
  try {
    const game = await api("/api/saint/play/new", {
      players: Number(document.getElementById("saint-players").value),
      opponents: document.getElementById("saint-opponents").value,
      think_ms: thinkingTime("saint-think"),
      seed: document.getElementById("saint-seed").value.trim() || null,
    });
    state.saint = { id: game.id, events: 0 };
    delete document.getElementById("saint-game").dataset.busy; // a choice of the last game may still be running
    document.getElementById("saint-advice").replaceChildren();
    document.getElementById("saint-events").replaceChildren();
    renderSaint(game);
  } catch (err) {
    error.textContent = err.message;
  } finally {
    button.disabled = false;
  }
}

async function saintChoose(number) {
  const error = document.getElementById("saint-error");
  error.textContent = "";
  const view = document.getElementById("saint-game");
  for (const button of view.querySelectorAll("button.move")) button.disabled = true;
  view.dataset.busy = "true";
  const id = state.saint.id;
  const current = () => state.saint.id === id; // a new game begun meanwhile drops this one's answers
  try {
    const game = await api("/api/saint/play/move", { id, choice: String(number) });
    if (!current()) return;
    renderSaintAdvice(game.advice);
    renderSaint(game);
  } catch (err) {
    if (!current()) return;
    error.textContent = err.message;
    try { // the game as the server holds it: a choice refused for its time was not made
      const game = await api("/api/saint/play/state", { id });
      if (current()) renderSaint(game);
    } catch (lost) {
      if (current()) view.replaceChildren();
    }
  } finally {
    if (current()) delete view.dataset.busy;
  }
}

function renderSaint(game) {
  // what the terminal shows: the round, phase and scores; the river and the future river; what
  // each other player is known to hold and has shown; your hand; then your choices as buttons
  const view = document.getElementById("saint-game");
  const scores = game.seats.map((s) => `${s.label} ${s.points}`).join(", ");
  const status = el("h3", { id: "saint-status", text: `Round ${game.round} of ${game.rounds}, ${game.phase}; scores: ${scores}` });
  const facts = el("p", { class: "method", text: `${game.players} players, seed ${game.seed}` });
  for (const line of game.think) facts.append(el("br"), el("span", { class: "think", text: line }));
  const river = el("p", { id: "saint-river" }, "River ", cardChips(game.river), "\u2003future river ", cardChips(game.future));
  const seats = table(["player", "points", "known to hold", "shown"],
    game.seats.map((s) => [s.label, String(s.points), s.label === "you" ? "" : cardChips(s.known), cardChips(s.shown)]),
    (i) => ({ "data-seat": String(i) }));
  seats.id = "saint-seats";
  const hand = el("p", { id: "saint-hand" }, "Your hand ", cardChips(game.hand));
  const parts = [status, facts, river, seats, hand];
  if (game.over) {
    const [first] = game.winners;
    const words = game.winners.length > 1 ? `A shared win: ${game.winners.join(" and ")}`
      : first === "you" ? "You win the game" : `${first[0].toUpperCase()}${first.slice(1)} wins the game`;
    parts.push(el("p", { id: "saint-end", class: "end", "data-winners": game.winners.join(","),
      text: `${words}: ${scores}.` }));
  } else {
    const buttons = game.choices.map((choice) => {
      const cards = choice.cards.join(" ");
      const button = el("button", { type: "button", class: "move", "data-choice": String(choice.number),
        "data-cards": cards, "aria-label": cards, title: cards }, ...choice.cards.map(cardChip));
      button.addEventListener("click", () => saintChoose(choice.number));
      return button;
    });
    parts.push(el("p", { id: "saint-what", text: `Choose ${game.what}:` }), el("div", { id: "saint-choices" }, ...buttons));
  }
  view.replaceChildren(...parts);
  view.dataset.phase = game.phase;
  view.dataset.over = String(game.over);
  const events = document.getElementById("saint-events");
  for (const event of game.events.slice(state.saint.events)) events.append(el("li", { text: event }));
  state.saint.events = game.events.length;
  events.scrollTop = events.scrollHeight;
}

function renderSaintAdvice(advice) {
  const points = (x) => (x === null || x === undefined ? "" : Number(x).toFixed(2));
  const error = advice.exact ? "exact" : `\u00b1 ${points(advice.you.regret_stderr)}`;
  const how = advice.exact ? "exact" : `Monte Carlo, ${num(advice.trials)} samples of the hidden cards`;
  const line = (id, words, choice, extra = "") => el("p", { id, "data-cards": choice.cards.join(" "),
    "data-points": String(choice.points_total) }, `${words} `, el("strong", { text: choice.cards.join(" ") }),
  `: ${points(choice.points_total)} points to the end${extra}`);
  document.getElementById("saint-advice").replaceChildren(
    line("saint-advice-you", "You chose", advice.you,
      `, P(win game) ${pct(advice.you.p_win_game, 1)}, regret ${points(advice.you.regret)} (${error})`),
    line("saint-advice-strong", "The search player would choose", advice.strong),
    line("saint-advice-best", "Best by these values:", advice.best),
    el("p", { class: "method", id: "saint-advice-continuation",
      text: `The values are your points from here to the end; they assume ${advice.continuation} (${how}).` }));
}

// ------------------------------------------------------------------ results gallery

async function loadResults() {
  const list = document.getElementById("results-list");
  try {
    const { folders } = await api("/api/results");
    if (!folders.length) list.append(el("li", { text: "no results folder" }));
    let game = null;
    for (const folder of folders) {
      const [first] = folder.path.split("/");
      if (first !== game) { game = first; list.append(el("li", { class: "game", text: game })); }
      const open = el("button", { type: "button", text: folder.path.slice(first.length + 1) || folder.path });
      const item = el("li", { "data-path": folder.path }, open);
      open.addEventListener("click", () => {
        for (const li of list.querySelectorAll("li")) li.classList.toggle("active", li === item);
        showResult(folder);
      });
      list.append(item);
    }
  } catch (err) {
    list.append(el("li", { class: "error", text: err.message }));
  }
}

function parseCsv(text) {
  const rows = [];
  let row = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { row.push(cell); cell = ""; }
    else if (ch === "\n") { row.push(cell); rows.push(row); row = []; cell = ""; }
    else if (ch !== "\r") cell += ch;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

async function showResult(folder) {
  const view = document.getElementById("results-view");
  const m = folder.manifest;
  const notes = ["error", "method", "seed", "trials", "chunk_size", "standard_errors", "elapsed_seconds", "command",
    "package_version", "created", "inputs"].filter((key) => m[key] !== undefined && m[key] !== null);
  const manifest = el("dl", { class: "manifest" }, ...notes.flatMap((key) => [el("dt", { text: key }),
    el("dd", { text: typeof m[key] === "object" ? JSON.stringify(m[key], null, 1) : String(m[key]) })]));
  const base = `/results/${folder.path.split("/").map(encodeURIComponent).join("/")}/`;
  const files = el("p", {}, "files: ", ...folder.files.flatMap((f) => [el("a", { href: base + encodeURIComponent(f), text: f }), " "]));
  const images = folder.files.filter((f) => f.endsWith(".png")).map((f) => el("img", { src: base + encodeURIComponent(f), alt: f }));
  view.replaceChildren(el("h2", { text: folder.path }), manifest, files, ...images);
  for (const name of folder.files.filter((f) => f.endsWith(".csv"))) {
    const text = await (await fetch(base + encodeURIComponent(name))).text();
    const rows = parseCsv(text);
    const shown = rows.slice(1, 31);
    view.append(el("h2", { text: `${name} (${num(rows.length - 1)} rows${rows.length > 31 ? ", the first 30 shown" : ""})` }),
      el("div", { class: "scroll" }, table(rows[0] || [], shown)));
  }
}

// ------------------------------------------------------------------ start

async function start() {
  state.meta = await api("/api/meta");
  for (const tab of document.querySelectorAll("nav .tab")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
  resetPlayers(["", ""]);
  document.getElementById("add-player").addEventListener("click", () => addPlayer(""));
  buildDeck(document.getElementById("deck"), false, pickHoldemCard);
  showHoldemCards();
  document.getElementById("clear-board").addEventListener("click", () => { state.board = []; showHoldemCards(); });
  document.getElementById("clear-dead").addEventListener("click", () => { state.dead = []; showHoldemCards(); });
  const equityButton = document.getElementById("run-equity");
  equityButton.addEventListener("click", () => runQuery("/api/equity", equityButton, renderEquity));
  const streetsButton = document.getElementById("run-streets");
  streetsButton.addEventListener("click", () => runQuery("/api/streets", streetsButton, renderStreets));
  const hitsButton = document.getElementById("run-hits");
  hitsButton.addEventListener("click", () => {
    const player = state.players[Number(document.getElementById("hits-player").value)];
    runQuery("/api/hits", hitsButton, renderHits, "hits-error",
      { range: player.textarea.value, board: state.board.join(" "), dead: state.dead.join(" ") });
  });
  buildDeck(document.getElementById("pg-deck"), true, pickPaigowCard);
  document.getElementById("pg-way").replaceChildren(...state.meta.ways.map((w) => el("option", { value: w, text: w })));
  document.getElementById("pg-hand").addEventListener("input", (event) => {
    state.pgHand = event.target.value.split(/[\s,]+/).filter(Boolean);
    showPaigowCards();
  });
  document.getElementById("pg-clear").addEventListener("click", () => {
    state.pgHand = [];
    document.getElementById("pg-hand").value = "";
    showPaigowCards();
  });
  const paigowButton = document.getElementById("run-paigow");
  paigowButton.addEventListener("click", () => runQuery("/api/paigow", paigowButton, renderPaigow, "pg-error",
    { hand: document.getElementById("pg-hand").value, way: document.getElementById("pg-way").value }));
  document.getElementById("play-opponent").replaceChildren(
    ...state.meta.play.opponents.map((o) => el("option", { value: o, text: o })));
  document.getElementById("play-round-type").replaceChildren(
    ...state.meta.play.round_types.map((t) => el("option", { value: t, text: t === "roll" ? "roll (the die)" : t })));
  document.getElementById("play-bets").replaceChildren(
    ...state.meta.play.bet_policies.map((b) => el("option", { value: b, text: b })));
  document.getElementById("play-think").replaceChildren(...thinkOptions(state.meta.think_ms));
  document.getElementById("play-new").addEventListener("click", newGame);
  document.getElementById("saint-players").replaceChildren(
    ...state.meta.saint.players.map((n) => el("option", { value: String(n), text: String(n) })));
  document.getElementById("saint-players").value = "3";
  document.getElementById("saint-opponents").replaceChildren(
    ...state.meta.saint.opponents.map((o) => el("option", { value: o, text: o })));
  document.getElementById("saint-think").replaceChildren(...thinkOptions(state.meta.think_ms));
  document.getElementById("saint-new").addEventListener("click", saintNew);
  document.body.dataset.ready = "true";
}

start();
