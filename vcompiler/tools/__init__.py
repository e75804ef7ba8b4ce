"""Tools that read a checked pack for its writers: `stats`, `graph`, `diff`. Each
reads the resolved model and the story graph, never a bundle's JSON."""
