"""The --json file: the match's settings, every game, and the summary."""

import dataclasses
import json
import math


def plain(value):
    """Dataclasses as dicts; infinite numbers (an Elo at a 0% or 100% score) as null, which JSON can hold."""
    if dataclasses.is_dataclass(value):
        return plain(dataclasses.asdict(value))
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def write_json(path, settings, records, summary):
    document = {"match": settings, "games": [r.to_json() for r in records], "summary": summary}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(plain(document), out, indent=1)
        out.write("\n")
