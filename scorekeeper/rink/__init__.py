"""A rink PC that scores offline and sends its games to the league (issue 32): "read down, write up".

`copy` makes or refreshes a rink copy (a local SQLite database) of a league's season, remembering each game's
baseline (`digest` of the game as copied, kept in the copy's `meta` table by `marks`); `waiting` finds the games
changed at the rink since; `send` offers each to the league, whose facade part (`facade.rink.Rinks`) takes it
through the one judge-then-commit path only while the league's game is still the rink's baseline, and otherwise
records a conflict for the office (`conflicts`). No module here imports Qt.
"""
