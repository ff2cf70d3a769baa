// The web page's "Play a friend" link (firmware/hw/web_table.py drives it,
// firmware/web_friend.py hands it to the app):
// a WebSocket to the table server (tools/table_server.py), ws://this
// host:7312 unless the address says ?table=ws://HOST:PORT. The page's
// address ?room=CODE opens that table at once as its second seat (the link
// a friend sends), with &seat=a as the seat that opened it (this page's own
// address once the server gives the code, so a reload comes back to the
// same seat). The Python side calls connect(), state() 0 connecting / 1
// open / 2 closed, send_text, send_hex, take() the next message ("t:" text,
// "b:" bytes as hex), say(text) a line about the table. The line under the
// page's status says where the table stands and, to the side that opened
// it, the link to send. A code typed in the help's form joins that table.
// Imported by app.js.

export const params = new URLSearchParams(location.search);
const TABLE_KEY = "cribbage-table"; // the room this browser last sat in
const TABLE_PORT = 7312; // tools/table_server.py's
const friendLine = document.getElementById("friend");
const friendText = document.getElementById("friend-text");
const friendLink = document.getElementById("friend-link");

function tableServer() {
  const given = params.get("table");
  if (given) return given;
  const ws = location.protocol === "https:" ? "wss:" : "ws:";
  return `${ws}//${location.hostname || "127.0.0.1"}:${TABLE_PORT}`;
}

function bytesToHex(bytes) {
  let out = "";
  for (const b of bytes) out += (b < 16 ? "0" : "") + b.toString(16);
  return out;
}

function sayFriend(text, link) {
  friendLine.hidden = false;
  friendText.textContent = text;
  friendLink.hidden = !link;
  if (link) {
    friendLink.href = link;
    friendLink.textContent = link;
  }
}

function joinLink(room) {
  const q = new URLSearchParams({ room });
  if (params.get("table")) q.set("table", params.get("table"));
  return `${location.origin}${location.pathname}?${q}`;
}

const table = { ws: null, inbox: [], opening: false, room: null, ever: false, peer: false };

function tableNotice(text) {
  const words = text.split(" ");
  if (words[0] === "OK") {
    table.room = words[1];
    try { localStorage.setItem(TABLE_KEY, JSON.stringify({ room: table.room, seat: table.opening ? "a" : "b" })); } catch (_) { /* no storage */ }
    const q = new URLSearchParams(location.search);
    q.set("room", table.room);
    if (table.opening) q.set("seat", "a"); else q.delete("seat");
    history.replaceState(null, "", `${location.pathname}?${q}`);
  } else if (words[0] === "NO") {
    sayFriend("The table server refused: " + words.slice(1).join(" "));
    return;
  } else if (words[0] === "PEER") {
    table.peer = words[1] === "1";
  }
  if (!table.room) return;
  if (table.peer) sayFriend(`At table ${table.room} with your friend.`);
  else if (table.opening) sayFriend(`Table ${table.room} is open: send your friend this link:`, joinLink(table.room));
  else sayFriend(`At table ${table.room}: waiting for your friend.`);
}

function hexToBytes(hex) {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

const tableSock = {
  connect() {
    table.inbox = [];
    let ws;
    try {
      ws = new WebSocket(tableServer());
    } catch (e) {
      sayFriend("Cannot reach a table server at " + tableServer() + ": " + String(e && e.message ? e.message : e));
      table.ws = null;
      return;
    }
    ws.binaryType = "arraybuffer";
    ws.onopen = () => { table.ever = true; };
    ws.onmessage = (e) => {
      if (table.ws !== ws) return;
      if (typeof e.data === "string") {
        table.inbox.push("t:" + e.data);
        tableNotice(e.data);
      } else {
        table.inbox.push("b:" + bytesToHex(new Uint8Array(e.data)));
      }
    };
    ws.onclose = () => {
      if (table.ws !== ws) return;
      table.peer = false;
      sayFriend(table.ever
        ? "The link to the table server is lost: trying again."
        : `No table server at ${tableServer()} (python3 tools/table_server.py starts one): trying again.`);
    };
    table.ws = ws;
  },
  state() {
    const ws = table.ws;
    if (!ws) return 2;
    return ws.readyState === 0 ? 0 : ws.readyState === 1 ? 1 : 2;
  },
  send_text(text) {
    table.opening = text.startsWith("TABLE 1 OPEN");
    if (table.ws && table.ws.readyState === 1) table.ws.send(text);
  },
  send_hex(hex) {
    if (table.ws && table.ws.readyState === 1) table.ws.send(hexToBytes(hex));
  },
  take() {
    return table.inbox.length ? table.inbox.shift() : "";
  },
  say(text) {
    sayFriend(text.charAt(0).toUpperCase() + text.slice(1) + ".");
  },
};

// the object the Python side drives; the page's state object shows the
// table's as page.table (the tests read it)
export function tableLink(page) {
  page.table = table;
  return tableSock;
}

export function savedRoom() {
  try {
    const got = JSON.parse(localStorage.getItem(TABLE_KEY) || "null");
    return got && typeof got.room === "string" ? got.room : "";
  } catch (_) {
    return "";
  }
}

document.getElementById("join-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = document.getElementById("join-code").value.trim().toUpperCase();
  if (code) location.href = joinLink(code);
});

