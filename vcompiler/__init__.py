"""vcompiler: checks, compiles and prints narrative board-game content written in VCL."""

__version__ = "0.1.0"
