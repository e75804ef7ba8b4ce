"""The live preview (`vcompiler preview`): a local page showing what is being written
as it will print, the reader around it and the story map, updated on every save.
targets.py says what can be shown and where each is written, pages.py what each
prints, storymap.py the graph to draw, server.py serves them."""
