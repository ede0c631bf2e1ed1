"""yaadsoak: the long yaad-against-yaad match behind scripts/soak.

The soak is cut into chunks, one variant at one time control each, every
chunk a run of scripts/match with its own PDN, JSON and log files. A chunk
whose JSON is complete is never played again, so an interrupted soak
resumes where it stopped, and the report is recomputed from the chunks'
JSON files alone.

    plan      the chunks: variants, time controls, games, seeds; the plan file
    chunks    playing one chunk through scripts/match, and finding the finished ones
    summary   the report: games, faults, clocks, memory
    cli       the command line of scripts/soak
"""
