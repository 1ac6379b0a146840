// TileditTerminal
