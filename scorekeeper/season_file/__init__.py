"""The season file read from the declaration (scorekeeper.records): the plans of its records' fields, the checker
and the normaliser. `scorekeeper.seasonfile` is the front the rest of the program imports."""
