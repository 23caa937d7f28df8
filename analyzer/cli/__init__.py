"""The ``poker-analyzer`` command line (typer). Thin: parsing, calling analyzer/, printing."""
