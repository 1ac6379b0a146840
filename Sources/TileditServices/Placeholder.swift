// TileditServices
