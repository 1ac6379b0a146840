// TileditCLI
