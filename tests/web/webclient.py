"""What the web board's tests share: `yaad serve` started on a port of the
kernel's choosing (read from the line it prints), and a small WebSocket
client over a plain socket (RFC 6455: masked text frames out, pings
answered), so the server tests need nothing beyond Python.

Every wait has a generous timeout (WAIT): it bounds a wait for something
that must come, on a machine that may be busy or run a sanitizer build.
"""

import base64
import json
import os
import re
import socket
import struct
import subprocess
import threading
import time
import urllib.request

WAIT = 60.0
URL_LINE = re.compile(r"^yaad \S+ board at (http://127\.0\.0\.1:(\d+)/)$")


class Server:
    """`yaad serve --port 0` with its own arguments; stop() ends it. A
    port other than 0 is only for starting again where a server was."""

    def __init__(self, yaad, *args, port=0):
        self.proc = subprocess.Popen([yaad, "serve", "--port", str(port), "--hash", "1", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.stderr = []
        line = self._first_line()
        match = URL_LINE.match(line)
        if not match:
            self.stop()
            raise AssertionError(f"yaad serve printed {line!r}, not its URL; stderr: {''.join(self.stderr)}")
        self.url = match.group(1)
        self.port = int(match.group(2))
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _first_line(self):
        result = []
        reader = threading.Thread(target=lambda: result.append(self.proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(WAIT)
        if not result:
            self.stop()
            raise AssertionError("yaad serve printed no URL in time")
        return result[0].rstrip("\n")

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line)
        self.proc.stderr.close()

    def threads(self):
        """The server's threads now: the I/O thread plus one per search."""
        with open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
        raise AssertionError("no thread count")

    def get(self, path, method="GET"):
        """(status, content type, body) of an HTTP request."""
        request = urllib.request.Request(self.url.rstrip("/") + path, method=method)
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as response:
                return response.status, response.headers.get("Content-Type"), response.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.headers.get("Content-Type"), e.read().decode()

    def stop(self):
        """Ends the server as a person would (SIGTERM) and returns its exit status."""
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            status = self.proc.wait(WAIT)
            self.proc.stdout.close()
            return status
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("yaad serve did not stop on SIGTERM")


class Socket:
    """One page's WebSocket to the server."""

    def __init__(self, port, origin=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /game HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n")
        if origin:
            request += f"Origin: {origin}\r\n"
        self.sock.sendall((request + "\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError(f"closed during the handshake: {head!r}")
            head += chunk
        self.head, self.buffer = head.split(b"\r\n\r\n", 1)
        self.status = int(self.head.split(b" ")[1])

    def _recv_exact(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send_frame(self, payload, opcode=1):
        mask = os.urandom(4)
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send_text(self, text):
        self.send_frame(text.encode(), 1)

    def send(self, **message):
        self.send_text(json.dumps(message))

    def receive(self):
        """The next message as a dict (pings are answered on the way; a
        message may come in several frames)."""
        message = b""
        while True:
            b0, b1 = self._recv_exact(2)
            final, opcode, n = b0 & 0x80, b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._recv_exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._recv_exact(8))[0]
            payload = self._recv_exact(n)
            if opcode == 9:
                self.send_frame(payload, 10)
            elif opcode == 8:
                raise ConnectionError("the server closed the WebSocket")
            elif opcode in (0, 1):
                message += payload
                if final:
                    return json.loads(message.decode("utf-8"))

    def wait_for(self, predicate, what):
        """Messages until one satisfies predicate; returns it. Fails after WAIT."""
        deadline = time.monotonic() + WAIT
        seen = []
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                m = self.receive()
            except socket.timeout:
                break
            if predicate(m):
                return m
            seen.append(m.get("type"))
        raise AssertionError(f"no {what} in time; got {seen}")

    def state(self):
        """Asks for the state and returns it."""
        self.send(type="state")
        return self.wait_for(lambda m: m["type"] == "state", "state")

    def close(self):
        """Drops the connection without a closing handshake, as a closed tab may."""
        self.sock.close()


def wait_until(predicate, what):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what}: not in time")
