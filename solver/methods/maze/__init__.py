"""The general recipe on a maze: the maze, the built-in and random mazes, the view and the kit."""
