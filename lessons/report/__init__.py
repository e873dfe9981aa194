"""What a teacher's report reads and checks across students' progress."""
