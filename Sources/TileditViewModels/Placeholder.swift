// TileditViewModels
