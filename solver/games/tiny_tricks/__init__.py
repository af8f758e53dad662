"""Tiny Tricks: three tricks for two or three players, small enough to solve exactly
(docs/rules/tiny-tricks.md). The game added by following docs/adding-a-game.md."""
