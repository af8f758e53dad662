"""Pure-Python twins of the Cython searches (mcts.py: UCT and PIMC-UCT; ismcts.py: SO/MO-ISMCTS;
maxn.py: brute-force max^n and paranoid). Same algorithms, same random draws; test oracles."""
