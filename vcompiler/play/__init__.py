"""Playing a pack: a state machine over the resolved model (machine.py), driven by a
person in a terminal (terminal.py) or at random (simulate.py)."""
