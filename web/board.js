// The web board of yaad serve. The page only shows and asks: the server
// keeps the game and the rules; every move offered here is one of the
// legal moves the server sent (docs/web.md describes the messages).
"use strict";

const $ = (id) => document.getElementById(id);

let socket = null;
let state = null;            // the last "state" message
let flipped = false;
let selected = null;         // the square number of the piece being moved
let waypoints = [];          // squares clicked since, for a capture's route
let lines = [];              // engine lines of the current search, by rank
let reconnectDelay = 250;
let lastMove = null;         // {from, to} of the last move played, to mark it
let dragFrom = null;

// What the tab keeps over a reload or a server restart: the game as PDN
// and the settings, restored when the socket opens.
const saved = {
  load() { try { return JSON.parse(sessionStorage.getItem("yaad-board") || "null"); } catch (e) { return null; } },
  store(s) { sessionStorage.setItem("yaad-board", JSON.stringify(s)); },
};

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showMessage("not connected to yaad; reconnecting…", true);
    return;
  }
  socket.send(JSON.stringify(message));
}

function showMessage(text, isError) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("error", !!isError);
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/game";
  socket = new WebSocket(url);
  socket.onopen = () => {
    reconnectDelay = 250;
    $("connection").textContent = "connected";
    $("connection").classList.remove("down");
    const s = saved.load();
    if (s) {
      send(Object.assign({type: "players"}, s.players));
      if (s.pdn) send({type: "load", pdn: s.pdn});
      if (s.analysing) send({type: "analyse", on: true, multipv: s.multipv || 1});
    }
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    $("connection").textContent = "disconnected: reconnecting…";
    $("connection").classList.add("down");
    setTimeout(connect, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 2000);
  };
}

function receive(m) {
  if (m.type === "state") {
    const moved = state && (m.ply !== state.ply || m.fen !== state.fen);
    if (!state || m.variant !== state.variant || m.ply < state.ply) lastMove = null;
    if (moved) { lines = []; }
    state = m;
    selected = null;
    waypoints = [];
    saved.store({pdn: m.pdn, players: {white: m.players.white, black: m.players.black, level: m.players.level,
                 movetime: m.players.movetime, nodes: m.players.nodes}, analysing: m.analysing, multipv: m.multipv});
    render();
  } else if (m.type === "info") {
    lines[m.line - 1] = m;
    if (m.line === 1) setEval(m.white, m.score);
    renderLines();
  } else if (m.type === "engine") {
    const played = state && state.moves.find((x) => x.text === m.move);
    if (played) lastMove = {from: played.from, to: played.to};
    const why = m.book ? "book" : "depth " + m.depth;
    showMessage("yaad plays " + m.move + (m.score ? " (" + m.score + ", " + why + ")" : ""));
    if (m.score) setEval(m.white, m.score);
  } else if (m.type === "opening") {
    lastMove = null;
    showMessage("random opening " + m.moves + " (seed " + m.seed + ")");
  } else if (m.type === "error") {
    showMessage(m.message, true);
    clearSelection();
  }
}

function setEval(white, text) {
  const clamped = Math.max(-10, Math.min(10, white));
  $("evalbar-white").style.height = (50 + clamped * 5) + "%";
  $("evalbar-text").textContent = text;
}

// Display column and row of a square, after a flip.
function place(sq) {
  const n = state.size;
  return flipped ? {column: n - 1 - sq.column, row: n - 1 - sq.row} : {column: sq.column, row: sq.row};
}

function render() {
  const board = $("board");
  const n = state.size;
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
  board.replaceChildren();
  const cells = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    const cell = document.createElement("div");
    cell.className = "sq light";
    cell.style.gridColumn = c + 1;
    cell.style.gridRow = r + 1;
    cells.push(cell);
  }
  for (const sq of state.board) {
    const at = place(sq);
    const cell = cells[at.row * n + at.column];
    cell.className = "sq dark";
    cell.dataset.n = sq.n;
    cell.id = "sq-" + sq.n;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = sq.name;
    cell.appendChild(name);
    if (sq.piece) {
      const piece = document.createElement("div");
      const white = sq.piece === "w" || sq.piece === "W";
      piece.className = "piece " + (white ? "w" : "b") + (sq.piece === "W" || sq.piece === "B" ? " king" : "");
      cell.appendChild(piece);
    }
  }
  board.append(...cells);
  const frame = state.frame;
  const files = flipped ? [...frame.files].reverse() : frame.files;
  const ranks = flipped ? [...frame.ranks].reverse() : frame.ranks;
  $("files").style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  $("files").replaceChildren(...files.map((f) => Object.assign(document.createElement("span"), {textContent: f})));
  $("ranks").style.gridTemplateRows = `repeat(${n}, 1fr)`;
  $("ranks").replaceChildren(...ranks.map((r) => Object.assign(document.createElement("span"), {textContent: r})));
  $("evalbar").classList.toggle("flipped", flipped);
  if (state.ply === 0 && !lines.length) setEval(0, "");

  const status = $("status");
  status.textContent = state.status + (state.thinking ? " (yaad is thinking…)" : "");
  status.classList.toggle("over", state.over);
  $("count").textContent = state.count;
  $("fen").value = state.fen;
  renderMoveList();
  renderLines();
  renderControls();
  const download = $("pdn-download");
  download.href = "data:application/x-draughts-pdn;charset=utf-8," + encodeURIComponent(state.pdn);
  download.download = "yaad-" + state.variant + ".pdn";
  renderHighlights();
}

function renderMoveList() {
  const list = $("movelist");
  list.replaceChildren(...state.history.map((entry) => Object.assign(document.createElement("li"), {textContent: entry})));
  if (state.result !== "*") list.appendChild(Object.assign(document.createElement("li"), {textContent: state.result}));
  list.scrollTop = list.scrollHeight;
}

function renderLines() {
  const shown = lines.filter(Boolean).map((l) => `${l.line}. depth ${l.depth}  ${l.score}  ${l.pv}`);
  $("lines").textContent = shown.join("\n");
}

function renderControls() {
  const variant = $("variant");
  if (variant.options.length !== state.variants.length)
    variant.replaceChildren(...state.variants.map((v) => Object.assign(document.createElement("option"), {value: v, textContent: v})));
  variant.value = state.variant;
  $("white").value = state.players.white;
  $("black").value = state.players.black;
  $("level").value = String(state.players.level);
  if (document.activeElement !== $("movetime")) $("movetime").value = state.players.movetime;
  $("analyse").checked = state.analysing;
  $("multipv").value = String(state.multipv);
}

function cell(n) { return $("sq-" + n); }

function clearSelection() {
  selected = null;
  waypoints = [];
  if (state) renderHighlights();
}

// The legal moves from the selected piece whose route passes every
// square clicked since.
function candidates() {
  return state.moves.filter((m) => m.from === selected &&
    m.paths.some((path) => waypoints.every((w) => path.includes(w))));
}

function renderHighlights() {
  for (const el of document.querySelectorAll(".sq.dark"))
    el.classList.remove("selected", "target", "via", "must", "captured", "last");
  if (lastMove) for (const n of [lastMove.from, lastMove.to]) if (cell(n)) cell(n).classList.add("last");
  if (state.capture && selected === null)
    for (const m of state.moves) cell(m.from).classList.add("must");
  if (selected === null) return;
  cell(selected).classList.add("selected");
  const moves = candidates();
  for (const m of moves) {
    if (!waypoints.includes(m.to)) cell(m.to).classList.add("target");
    for (const path of m.paths)
      if (waypoints.every((w) => path.includes(w)))
        for (const n of path.slice(0, -1)) if (!waypoints.includes(n) && n !== m.to) cell(n).classList.add("via");
    if (moves.length === 1 || waypoints.length) for (const n of m.captures) cell(n).classList.add("captured");
  }
  for (const w of waypoints) cell(w).classList.add("selected");
}

function movable(n) { return state.moves.some((m) => m.from === n); }

// A click (or the end of a drag) on square n.
function choose(n) {
  if (!state || state.over) return;
  if (state.thinking || state.players[state.side] === "engine") {
    showMessage("yaad is to move");
    return;
  }
  if (selected === null || (waypoints.length === 0 && movable(n) && n !== selected)) {
    if (movable(n)) {
      selected = n;
      waypoints = [];
      showMessage("");
    } else if (state.moves.length && state.capture) {
      showMessage("a capture is compulsory: " + [...new Set(state.moves.map((m) => m.text))].join(", "), true);
    }
    renderHighlights();
    return;
  }
  if (n === selected && waypoints.length === 0) { clearSelection(); return; }
  const before = waypoints;
  waypoints = [...waypoints, n];
  const moves = candidates();
  if (moves.length === 0) {
    waypoints = before;
    if (movable(n)) { selected = n; waypoints = []; renderHighlights(); return; }
    const why = state.capture ? "a capture is compulsory: " + [...new Set(state.moves.map((m) => m.text))].join(", ")
                              : "not a legal move";
    showMessage(why, true);
    return;
  }
  const ended = moves.filter((m) => waypoints.includes(m.to));
  if (moves.length === 1 && ended.length === 1) {
    playMove(moves[0]);
    return;
  }
  if (ended.length > 1)
    showMessage("several captures end there: click a square the route passes through (yellow)");
  renderHighlights();
}

function playMove(m) {
  lastMove = {from: m.from, to: m.to};
  send({type: "move", move: m.text, ply: state.ply});
  selected = null;
  waypoints = [];
}

function setUpControls() {
  const level = $("level");
  for (let i = 20; i >= 1; i--)
    level.appendChild(Object.assign(document.createElement("option"), {value: String(i), textContent: i === 20 ? "20 (full)" : String(i)}));
  $("new").onclick = () => send({type: "new", variant: $("variant").value});
  $("variant").onchange = () => send({type: "new", variant: $("variant").value});
  $("random").onclick = () => send({type: "random", plies: 4});
  $("undo").onclick = () => send({type: "undo"});
  $("flip").onclick = () => { flipped = !flipped; if (state) render(); };
  const players = () => {
    const movetime = parseFloat($("movetime").value);
    const m = {type: "players", white: $("white").value, black: $("black").value, level: parseInt($("level").value, 10)};
    if (movetime > 0) m.movetime = movetime;
    send(m);
  };
  for (const id of ["white", "black", "level", "movetime"]) $(id).onchange = players;
  $("go").onclick = () => send({type: "go"});
  $("stop").onclick = () => send({type: "stop"});
  $("analyse").onchange = () => send({type: "analyse", on: $("analyse").checked, multipv: parseInt($("multipv").value, 10)});
  $("multipv").onchange = () => send({type: "analyse", on: $("analyse").checked, multipv: parseInt($("multipv").value, 10)});
  $("fen-set").onclick = () => send({type: "new", variant: state ? state.variant : "jamaican", fen: $("fen-input").value});
  $("pdn-upload").onchange = () => {
    const file = $("pdn-upload").files[0];
    if (!file) return;
    file.text().then((text) => { send({type: "load", pdn: text}); $("pdn-upload").value = ""; });
  };
  const board = $("board");
  const squareAt = (event) => {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const sq = target && target.closest(".sq.dark");
    return sq ? parseInt(sq.dataset.n, 10) : null;
  };
  // A press picks or moves; a release on another square finishes a drag.
  board.addEventListener("pointerdown", (event) => {
    const n = squareAt(event);
    if (n === null) return;
    choose(n);
    dragFrom = selected === n ? n : null;
  });
  board.addEventListener("pointerup", (event) => {
    const n = squareAt(event);
    if (dragFrom !== null && n !== null && n !== dragFrom && selected === dragFrom) choose(n);
    dragFrom = null;
  });
}

setUpControls();
connect();
