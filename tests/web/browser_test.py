#!/usr/bin/env python3
"""The web board in a real browser (headless Chromium through Selenium and
chromedriver, Debian's packages): a compulsory capture shown and enforced,
a random opening, undo, a PDN round trip through the page's own download
link and upload field, the 13-move count's end (tests/web/count13.pdn,
from server_test.py's search), and a whole Jamaican game played by clicks
against the engine, with a screenshot on the way.

Usage: browser_test.py path/to/yaad SCREENSHOT.png

Chromium missing is a failure, never a skip: scripts/setup installs it.
"""

import os
import sys
import tempfile
import unittest
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webclient import WAIT, Server  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

YAAD = None
SCREENSHOT = None
HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


class BrowserTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        for path in (CHROMIUM, CHROMEDRIVER):
            if not os.path.exists(path):
                raise AssertionError(f"{path} is missing: scripts/setup installs chromium and chromium-driver")
        cls.server = Server(YAAD)
        if os.path.exists(SCREENSHOT):
            os.remove(SCREENSHOT)
        options = Options()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1100,900"):
            options.add_argument(argument)
        cls.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def setUp(self):
        # A fresh tab's game: what the last test left in sessionStorage goes
        # (and the page that is left keeps nothing more there).
        self.driver.get(self.server.url)
        self.driver.execute_script("saved.store = () => {}; sessionStorage.clear()")
        self.driver.get(self.server.url)
        self.wait(lambda: self.js("return state !== null && socket.readyState === 1"), "the first state")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, condition, what):
        WebDriverWait(self.driver, WAIT, poll_frequency=0.05).until(lambda _: condition(), message=what)

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def state(self):
        return self.js("return state")

    def square(self, name):
        """The page's square element named `name` (c3) or numbered n."""
        for sq in self.state()["board"]:
            if sq["name"] == name or sq["n"] == name:
                return self.driver.find_element(By.ID, f"sq-{sq['n']}")
        raise AssertionError(f"no square {name}")

    def click(self, name):
        self.square(name).click()

    def set_fen(self, fen):
        box = self.driver.find_element(By.ID, "fen-input")
        box.clear()
        box.send_keys(fen)
        self.js("window.before = state")
        self.driver.find_element(By.ID, "fen-set").click()
        self.wait(lambda: self.js("return state !== window.before"), "the position set up")
        self.assertEqual(self.state()["ply"], 0)

    def play_by_clicks(self, move):
        """Clicks the piece, then each landing square of the move's first
        route, until the page plays it."""
        ply = self.state()["ply"]
        self.click(move["from"])
        for landing in move["paths"][0]:
            if self.state()["ply"] != ply or self.js("return selected") is None:
                break
            self.click(landing)
        self.wait(lambda: self.state()["ply"] > ply or self.state()["over"], f"the move {move['text']} played")

    def test_compulsory_capture_shown_and_enforced(self):
        self.set_fen("W:Wc3,g3:Bd4,b6")
        self.assertEqual(self.text("status"), "White to move: a capture is compulsory")
        self.assertIn("must", self.square("c3").get_attribute("class"))
        self.assertNotIn("must", self.square("g3").get_attribute("class"))
        # The page will not pick the other man...
        self.click("g3")
        self.assertIn("a capture is compulsory: c3xe5", self.text("message"))
        self.assertIsNone(self.js("return selected"))
        # ...and the server refuses a quiet move sent all the same. The click
        # above left the same words on the page, so they go first: the wait
        # is then for the server's reply, which clears the selection (coming
        # after the click on c3 below, it left e5 unmarked).
        self.js("showMessage('')")
        self.js("send({type: 'move', move: 'g3-h2', ply: 0})")
        self.wait(lambda: "capture is compulsory" in self.text("message") and
                  "error" in self.driver.find_element(By.ID, "message").get_attribute("class"), "the refusal")
        self.assertEqual(self.state()["ply"], 0)
        self.click("c3")
        self.assertIn("target", self.square("e5").get_attribute("class"))
        self.click("e5")
        self.wait(lambda: self.state()["ply"] == 1, "the capture")
        self.assertEqual(self.state()["plies"], ["c3xe5"])

    def test_random_opening_undo_and_pdn_round_trip(self):
        self.driver.find_element(By.ID, "random").click()
        self.wait(lambda: self.state()["ply"] == 4 and "random opening" in self.text("message"), "the opening")
        opened = self.state()
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#movelist li")), 2)
        self.driver.find_element(By.ID, "undo").click()
        self.wait(lambda: self.state()["ply"] == 3, "one ply taken back")
        self.assertEqual(self.state()["plies"], opened["plies"][:3])
        before = self.state()
        href = self.driver.find_element(By.ID, "pdn-download").get_attribute("href")
        pdn = urllib.parse.unquote(href.split(",", 1)[1])
        self.assertIn('[GameType "23,B,8,8,A1,1"]', pdn)
        self.driver.find_element(By.ID, "new").click()
        self.wait(lambda: self.state()["ply"] == 0, "a new game")
        with tempfile.NamedTemporaryFile("w", suffix=".pdn", delete=False) as f:
            f.write(pdn)
        self.addCleanup(os.remove, f.name)
        self.driver.find_element(By.ID, "pdn-upload").send_keys(f.name)
        self.wait(lambda: self.state()["ply"] == 3, "the game uploaded")
        self.assertEqual((self.state()["fen"], self.state()["history"]), (before["fen"], before["history"]))
        self.assertEqual([li.text for li in self.driver.find_elements(By.CSS_SELECTOR, "#movelist li")],
                         before["history"])

    def test_thirteen_move_count_shown(self):
        self.driver.find_element(By.ID, "pdn-upload").send_keys(os.path.join(HERE, "count13.pdn"))
        self.wait(lambda: self.state()["over"], "the game loaded")
        self.assertEqual(self.text("status"), "Draw: the count ran out (White had 13 moves to win against the lone king)")
        self.driver.find_element(By.ID, "undo").click()
        self.wait(lambda: not self.state()["over"], "a move taken back")
        self.assertEqual(self.text("count"), "13-move count: White has made 12 of 13 moves")

    def test_capture_route_asked_for(self):
        """Two captures of one man end on the same square (English: 30x21x14
        and 30x23x14): the page asks which way before it plays."""
        Select(self.driver.find_element(By.ID, "variant")).select_by_value("english")
        self.wait(lambda: self.state()["variant"] == "english", "English")
        self.set_fen("W:Wc1:Bb2,d2,b4,d4")
        self.assertEqual(sorted(m["text"] for m in self.state()["moves"]), ["30x21x14", "30x23x14"])
        self.click(30)
        self.click(14)
        self.assertIn("several captures end there", self.text("message"))
        self.assertEqual(self.state()["ply"], 0)
        for via in (21, 23):
            self.assertIn("via", self.square(via).get_attribute("class"))
        self.click(23)
        self.wait(lambda: self.state()["ply"] == 1, "the capture played")
        self.assertEqual(self.state()["plies"], ["30x23x14"])
        self.assertEqual(self.state()["fen"], "B:W14:B17,25")

    def test_every_variant_on_one_page(self):
        for variant, size, first in (("jamaican", 8, "a1"), ("pool", 8, "1"), ("english", 8, "1"),
                                     ("russian", 8, "b8"), ("brazilian", 8, "b8"), ("international", 10, "1"),
                                     ("sixrow", 6, "b6")):
            Select(self.driver.find_element(By.ID, "variant")).select_by_value(variant)
            self.wait(lambda: self.state()["variant"] == variant, variant)
            self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#board .sq.dark")), size * size // 2)
            # The top-left playable square, as the variant names it.
            corner = self.driver.find_elements(By.CSS_SELECTOR, "#board .sq.dark")[0]
            self.assertEqual(corner.find_element(By.CLASS_NAME, "name").text, first, variant)
            self.assertGreater(len(self.state()["moves"]), 0)

    def test_analysis_lines_and_eval_bar(self):
        Select(self.driver.find_element(By.ID, "multipv")).select_by_value("2")
        self.driver.find_element(By.ID, "analyse").click()
        self.wait(lambda: "2. depth" in self.text("lines") and "1. depth" in self.text("lines"), "two lines")
        self.assertRegex(self.text("evalbar-text"), r"for (White|Black)|level")
        self.driver.find_element(By.ID, "analyse").click()
        self.wait(lambda: not self.state()["analysing"], "the analysis stopped")

    def test_reconnects_after_a_restart(self):
        self.driver.find_element(By.ID, "random").click()
        self.wait(lambda: self.state()["ply"] == 4, "the opening")
        before = self.state()
        port = self.server.port
        self.server.stop()
        self.wait(lambda: "disconnected" in self.text("connection"), "the page noticing")
        # The same port again, where the page looks for its server.
        type(self).server = Server(YAAD, port=port)
        self.wait(lambda: self.text("connection") == "connected" and self.state()["fen"] == before["fen"] and
                  self.state() is not None, "the game taken up again")
        self.wait(lambda: self.state()["history"] == before["history"], "the moves taken up again")

    def test_whole_game_by_clicks(self):
        """Black (a person, always the first legal move) against yaad at
        level 1 as White, to the end, on the flipped board (Black at the
        bottom); the screenshot on the way."""
        Select(self.driver.find_element(By.ID, "level")).select_by_value("1")
        self.wait(lambda: self.state()["players"]["level"] == 1, "level 1")
        Select(self.driver.find_element(By.ID, "white")).select_by_value("engine")
        self.wait(lambda: self.state()["players"]["white"] == "engine", "yaad as White")
        self.driver.find_element(By.ID, "flip").click()
        for _ in range(400):
            self.wait(lambda: self.state()["over"] or
                      (self.state()["side"] == "black" and not self.state()["thinking"]), "Black's turn")
            state = self.state()
            if state["over"]:
                break
            if state["ply"] >= 16 and not os.path.exists(SCREENSHOT):
                # The README's picture: a piece picked, its targets marked.
                self.click(state["moves"][0]["from"])
                self.driver.save_screenshot(SCREENSHOT)
                self.js("clearSelection()")
            self.play_by_clicks(state["moves"][0])
        state = self.state()
        self.assertTrue(state["over"], "the game did not end in 400 moves")
        self.assertIn(state["result"], ("1-0", "0-1", "1/2-1/2"))
        status = self.driver.find_element(By.ID, "status")
        self.assertIn("over", status.get_attribute("class"))
        self.assertTrue(status.text.startswith(("White wins", "Black wins", "Draw")), status.text)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#movelist li")[-1].text, state["result"])
        self.assertIn(f'[White "yaad', state["pdn"])
        self.assertTrue(os.path.exists(SCREENSHOT))


def main():
    global YAAD, SCREENSHOT
    if len(sys.argv) < 3:
        sys.exit("usage: browser_test.py path/to/yaad SCREENSHOT.png")
    YAAD = sys.argv.pop(1)
    SCREENSHOT = sys.argv.pop(1)
    unittest.main(verbosity=2)


if __name__ == "__main__":
    main()
