"""The --pdn and --json files, written as the games come in and put in order at the end.

During the match every finished game is appended to both files at once,
so an interrupted match (Ctrl-C, a killed client, a lost machine) leaves
every game it finished on disk, and `--resume` continues from the JSON.
The JSON file stays a JSON document after each game: the settings, then
one game per line, then the running summary, which is cut off and written
again behind the next game; a write cut short by a crash damages at most
its own game line, which resume.read_match skips. At the end both files are
written again whole, games in their order, as a match without streaming
would write them.
"""

import json
import os

from . import jsonout, pdn
# The streamed JSON file's first line is HEAD + the settings + GAMES.
HEAD = '{"match": '
GAMES = ', "games": ['


class MatchFiles:
    def __init__(self, pdn_path, json_path, settings, pdn_tags):
        """`pdn_tags`: (variant, first side, event, site, date) for pdn.format_game."""
        self.pdn_path = pdn_path
        self.json_path = json_path
        self.settings = settings
        self.pdn_tags = pdn_tags
        self._json = None
        self._games_end = 0
        self._games = 0

    def start(self, records, summary):
        """Writes the files afresh with the games already played (a resumed match's)."""
        if self.pdn_path:
            pdn.write_games(self.pdn_path, records, *self.pdn_tags)
        if self.json_path:
            self._json = open(self.json_path, "w", encoding="utf-8")
            self._json.write(HEAD + json.dumps(jsonout.plain(self.settings)) + GAMES)
            self._games_end = self._json.tell()
            for record in records:
                self._append_json(record)
            self._write_summary(summary)

    def add(self, record, summary):
        if self.pdn_path:
            with open(self.pdn_path, "a", encoding="utf-8") as out:
                out.write(("\n" if out.tell() else "") + pdn.format_game(record, *self.pdn_tags))
        if self._json:
            self._append_json(record)
            self._write_summary(summary)

    def finish(self, records, summary):
        """Both files whole, the games in order; a JSON file is replaced only once complete."""
        if self._json:
            self._json.close()
            self._json = None
        if self.pdn_path:
            pdn.write_games(self.pdn_path, records, *self.pdn_tags)
        if self.json_path:
            partial = f"{self.json_path}.tmp"
            jsonout.write_json(partial, self.settings, records, summary)
            os.replace(partial, self.json_path)

    def _append_json(self, record):
        self._json.seek(self._games_end)
        self._json.write(("," if self._games else "") + "\n" + json.dumps(jsonout.plain(record.to_json())))
        self._games += 1
        self._games_end = self._json.tell()

    def _write_summary(self, summary):
        self._json.seek(self._games_end)
        self._json.write('\n], "summary": ' + json.dumps(jsonout.plain(summary)) + "}\n")
        self._json.truncate()
        self._json.flush()
