"""What the tutor says about an answer: one whole-sentence template per stable message id,
filled in by :func:`say`."""

from __future__ import annotations

from collections.abc import Mapping

from lessons.i18n import N_, _
from solver.messages import sentence

MESSAGES: Mapping[str, str] = {
    "answer.right": N_("Right: {answer}. {explanation}"),
    "answer.right_near": N_("Right: {given}, that is {answer}. {explanation}"),
    "answer.wrong": N_("{given} is not right. {why}"),
    "answer.wrong_plain": N_("{given} is not right."),
    "answer.wrong_row": N_("Row {row} is not right. {why}"),
    "answer.wrong_row_plain": N_("Row {row} is not right."),
    "answer.wrong_column": N_("Column {column} is not right. {why}"),
    "answer.wrong_column_plain": N_("Column {column} is not right."),
    "answer.wrong_backtrack": N_("A backtrack is not right here. {why}"),
    "answer.wrong_backtrack_plain": N_("A backtrack is not right here."),
    "answer.wrong_yes": N_("You answered yes: that is not right. {why}"),
    "answer.wrong_yes_plain": N_("You answered yes: that is not right."),
    "answer.wrong_no": N_("You answered no: that is not right. {why}"),
    "answer.wrong_no_plain": N_("You answered no: that is not right."),
    "answer.wrong_choice": N_("Not right: {given}. {why}"),
    "answer.wrong_choice_plain": N_("Not right: {given}."),
    "answer.try_again": N_("Try again, or ask for a hint."),
    "answer.try_again_hinted": N_("Try again."),
    "answer.empty": N_("Type your answer first, then press Enter. An empty answer does not count."),
    "answer.shown": N_("The answer: {answer}. {explanation}"),
    "answer.point": N_("One point for it: right at the first attempt, with no hint."),
    "answer.point.target": N_(
        "One point for it: the target reached at the first try, with no hint."
    ),
    "answer.no_point": N_(
        "No point for it: a quiz question scores only when it is right at the first attempt, "
        "with no hint."
    ),
    "format.choice": N_("Choose 1 to {count}, or type the first words of the choice."),
    "format.choice_none": N_(
        "Nothing is chosen yet: press 1 to {count}, or choose with the arrows and press "
        "Enter (this costs nothing)."
    ),
    "format.choice_letters": N_("Choose a to {last}, or type the number itself."),
    "format.choice_letters_none": N_(
        "Nothing is chosen yet: press [a] to [{last}], or type the number itself and press Enter "
        "(this costs nothing)."
    ),
    "format.choice_letters_typed": N_(
        "“{typed}” is not one of the choices: choose a to {last}, or type one of the numbers "
        "shown (this costs nothing)."
    ),
    "format.choice_several": N_(
        "“{typed}” begins more than one choice: type more of it, or press its number (1 to "
        "{count})."
    ),
    "format.number_grouped": N_(
        "“{typed}” reads as a decimal number: in English the point (.) is the decimal mark. "
        "If you meant a whole number, write {grouped} or {plain} (this costs nothing)."
    ),
    "format.number_groups": N_(
        "“{typed}” is not a number the tutor can read: group its digits in threes from the "
        "right, as in {grouped}, or write them all together, as in {plain} (this costs "
        "nothing)."
    ),
    "format.row": N_("Type a row number."),
    "format.column": N_("Type a column number."),
    "format.backtrack": N_("Or type b for a backtrack."),
    "format.row_range": N_(
        "There is no row {value} on this board: its rows go from 0 to {last}. Type one of "
        "them (this costs nothing)."
    ),
    "format.row_negative": N_(
        "{value} is not a row: b[k] = -1 means that column k has no queen. The rows go from 0 "
        "to {last}; if no row of the column is free, type b for backtrack (this costs "
        "nothing)."
    ),
    "format.column_range": N_(
        "There is no column {value} on this board: its columns go from 0 to {last}. Type one "
        "of them (this costs nothing)."
    ),
    "format.number": N_(
        "Type a whole number, in digits or as a word up to twelve (a number word counts as an "
        "answer too)."
    ),
    "format.number_typed": N_(
        "“{typed}” is not a number the tutor can read: type its digits, with {point} before "
        "any decimals (8^8, 8! and number words up to twelve, such as three, are read too)."
    ),
    "format.row_typed": N_("“{typed}” is not a row: type a row number."),
    "format.column_typed": N_("“{typed}” is not a column: type a column number."),
    "format.choice_typed": N_(
        "“{typed}” is not one of the choices: press 1 to {count}, or type the first words "
        "of the choice."
    ),
    "format.choice_yes_no": N_(
        "“{typed}” does not say which choice it means: press 1 to {count}, or type the first "
        "words of the choice."
    ),
    "format.too_long": N_("That answer is longer than {max} characters: type it shorter."),
    "hint.none": N_("This question has no hint, so asking cost nothing: read the question again."),
    "mistake.value_stays": N_("That is {name} now, before the ticks asked about: they change it."),
    "mistake.value_stays_tick": N_(
        "That is {name} now, before the tick asked about: it changes it."
    ),
    "mistake.value_stays_iteration": N_(
        "That is {name} now, before the iteration asked about: it changes it."
    ),
    "mistake.shift": N_(
        "That is i-j = {i}-{j}, without the shift: in C++ the index of b[] is shifted by "
        "n-1, because i-j can be negative, so that it starts at 0 (b[i-j+n-1])."
    ),
    "mistake.shift_for_a": N_(
        "That is i+j+n-1: the shift by n-1 is b[]'s, because i-j can be negative. i+j is never "
        "negative, so a[] takes it as it is: its index starts at 0 already."
    ),
    "mistake.pascal_shift": N_(
        "That is i-j+n-1, the C++ index. Pascal declares b: array[-n+1..n-1], so there the "
        "index is plain i-j, with no shift."
    ),
    "mistake.index_of_b": N_(
        "That is the index of b[], the row-col diagonal (i-j, shifted by n-1 in C++). a[] "
        "records the col+row diagonal: its index is i+j."
    ),
    "mistake.difference_for_a": N_(
        "That is i-j = {i}-{j}, the difference that names the row-col diagonal (b[]). a[] "
        "records the col+row diagonal: its index is the sum, i+j."
    ),
    "mistake.index_of_a": N_(
        "That is i+j = {i}+{j}, the index of a[], the col+row diagonal. b[] records the "
        "row-col diagonal: its index is i-j (shifted by n-1 in C++)."
    ),
    "mistake.exists_none": N_(
        "On the {n} x {n} board every placement fails: the loop tries each row of column 0 and "
        "backtracks from all of them, until k = -1 ends the loop. Only n = 2 and n = 3 have "
        "no solution."
    ),
    "mistake.exists_some": N_(
        "There is one: the backtracker finds b = {b}. Only n = 2 and n = 3 have no solution "
        "(n = 1 has the one queen)."
    ),
    "mistake.work_solution_tick": N_(
        "That counts the solution tick as well: the tick that reaches the solution neither tests "
        "a square nor backtracks."
    ),
    "mistake.work_ticks": N_(
        "That is the loop's ticks: every test, every backtrack and the solution tick. The "
        "question counts only its {what}."
    ),
    "mistake.work_tries": N_(
        "That is the squares the loop tests (b[0]=0 and each b[k]++ with isfree). The "
        "question counts only its {what}."
    ),
    "mistake.work_no_backtrack": N_(
        "0 would mean that every queen stays in the row where the loop first puts it. On the "
        "{n} x {n} board the loop first puts column {col}'s queen in row {row}, and its first "
        "solution has it in another row: a later column ran out of rows, and the loop came back."
    ),
    "mistake.work_solutions": N_(
        "That is how many solutions the {n} x {n} board has. The question counts the loop's "
        "{what}, not the solutions it finds."
    ),
    "mistake.work_backtracks_in_a_row": N_(
        "Too few: a backtrack can come right after another one. When the loop comes back to a "
        "column whose queen stood in its last row, b[k]++ reaches n at once, and the loop "
        "backtracks again. Count every b[k] = -1; k--, those in a row too."
    ),
    "mistake.work_backtracks": N_(
        "That is the loop's backtracks (b[k] = -1; k--). The question counts its {what}."
    ),
    "mistake.row_col_swapped": N_(
        "That is what you get with row and column swapped. Here i is the row ({i}) and j the "
        "column ({j})."
    ),
    "mistake.one_based": N_(
        "That is the index counted from 1. In C++ rows and columns count from 0: row {i}, "
        "column {j}."
    ),
    "mistake.zero_based": N_(
        "That is the index counted from 0. In Pascal rows and columns count from 1: row {i}, "
        "column {j}."
    ),
    "mistake.half_zero_based": N_(
        "That is one off: the row or the column counted from 0, and the other from 1. In Pascal "
        "rows and columns both count from 1: row {i}, column {j}."
    ),
    "mistake.half_one_based": N_(
        "That is one off: the row or the column counted from 1, and the other from 0. In C++ rows "
        "and columns both count from 0: row {i}, column {j}."
    ),
    "mistake.row_from_one": N_(
        "Rows are counted from 0 at the bottom: if you counted from 1, you are one too high."
    ),
    "mistake.attacker_row": N_(
        "The question asks for a column, the one that holds an attacking queen: not a row."
    ),
    "mistake.attacker_column": N_(
        "The question asks for a row, the one that holds an attacking queen: not a column."
    ),
    "mistake.attacker_itself": N_(
        "Column {col} is the square's own column: its queen is the one the loop is placing. "
        "The attacker stands in an earlier column."
    ),
    "mistake.attacker_empty": N_(
        "Column {col} holds no queen yet: so far the loop has placed queens in columns 0 to "
        "{last} only."
    ),
    "mistake.attacker_empty_two": N_(
        "Column {col} holds no queen yet: so far the loop has placed queens in columns 0 and 1 "
        "only."
    ),
    "mistake.attacker_empty_first": N_(
        "Column {col} holds no queen yet: so far the loop has placed a queen in column 0 only."
    ),
    "mistake.attacker_not": N_(
        "The queen in column {col}, row {row} does not attack the square: not the same row, "
        "col+row {sum1} and {sum2}, row-col {diff1} and {diff2}."
    ),
    "mistake.attacker_itself_row": N_(
        "Row {row} is the square's own row: its queen is the one the search is placing. The "
        "attacker stands in an earlier row."
    ),
    "mistake.attacker_empty_row": N_(
        "Row {row} holds no queen yet: so far the search has placed queens in rows 0 to {last} "
        "only."
    ),
    "mistake.attacker_empty_two_row": N_(
        "Row {row} holds no queen yet: so far the search has placed queens in rows 0 and 1 only."
    ),
    "mistake.attacker_empty_first_row": N_(
        "Row {row} holds no queen yet: so far the search has placed a queen in row 0 only."
    ),
    "mistake.attacker_not_row": N_(
        "The queen of row {row} (column {col}) does not attack the square: not the same column, "
        "col+row {sum1} and {sum2}, row-col {diff1} and {diff2}."
    ),
    "mistake.one_tick_ahead": N_(
        "That is {name} after the next tick only: the question asks {count} ticks ahead."
    ),
    "mistake.construct_even_from_zero": N_(
        "That takes the even rows counted from 0 (0, 2, 4...). The recipe's even rows are "
        "counted from 1 (2, 4, 6...): from 0, as b[] counts, they are the rows 1, 3, 5..."
    ),
    "mistake.construct_position_from_one": N_(
        "That is b[{prev}], the row of column {prev}: the list's positions are counted from 0, "
        "like the columns, so column {col} takes the number at position {col}, not at "
        "position {prev}."
    ),
    "mistake.construct_no_fix": N_(
        "That is the placement without the fix: n mod 6 = {mod}, so the recipe moves some of "
        "its rows (without the fix two queens would attack each other)."
    ),
    "mistake.midway_value": N_(
        "That is {name} after {done} of the {count} ticks (tick {tick}): play on to the last "
        "one, tick {last}."
    ),
    "mistake.tries_permutations": N_(
        "That is n!, every permutation for n = {n}: it would take that many tries if only one "
        "of them were a solution. How many of them are, and what does that do to the tries?"
    ),
    "mistake.tries_example": N_(
        "That is the average for n = {m}, the example worked out ({space}/{other}). For "
        "n = {n}, divide {n}! by the {count} solutions of the {n} x {n} board."
    ),
    "mistake.tries_other_board": N_(
        "That divides {n}! by {other}, the solutions of the {m} x {m} board: you divided by the "
        "{m} x {m} count. The {n} x {n} board has a number of solutions of its own."
    ),
    "mistake.tries_solutions": N_(
        "That is how many solutions the {n} x {n} board has. The tries on average are the "
        "permutations divided by the solutions."
    ),
    "mistake.tries_probability": N_(
        "That is the chance that one try succeeds, not a number of tries. If each try "
        "succeeded with chance 1/4, it would take 4 tries on average: turn this chance into "
        "tries the same way."
    ),
    "mistake.full_orbits_only": N_(
        "That counts only the orbits of 8 boards ({full}): each orbit of fewer boards counts "
        "once too (a solution that a half turn gives back has an orbit of at most 4 boards)."
    ),
    "mistake.tries_one_run": N_(
        "That is what one random run took: queens-tutor compare {n} prints the tries of a "
        "single run, drawn with seed 0, and another run takes another number. The question "
        "asks for the average over many runs."
    ),
    "mistake.tries_columns": N_(
        "That divides n^n, one queen per column in any row; the random search shuffles "
        "permutations: n! divided by the number of solutions."
    ),
    "mistake.space_solutions": N_(
        "That is how many solutions the {n} x {n} board has. The search space holds every "
        "candidate the method could check, solution or not: {formula}."
    ),
    "mistake.space_squares_to_the_n": N_(
        "That is (n^2)^n = {squares}^{n}: each queen picks any of the {squares} squares in turn, "
        "so two queens may share a square, and one placement is counted once for every order "
        "of its queens. The search space counts each placement once: {formula}."
    ),
    "mistake.space_factorial_short": N_(
        "That is ({n}-1)!, one factor short: n! multiplies every number from 1 up to n, "
        "{n} included, so the search space is {formula}."
    ),
    "mistake.space_ordered_squares": N_(
        "That is {squares} x ({squares}-1) x ... ({n} factors): the queens picked one after "
        "another, so one placement is counted once for every order of its queens, {n}! times. "
        "The search space counts each placement once: {formula}."
    ),
    "mistake.space_squares": N_(
        "That is n^2 = {squares}, the squares of the board: the places one queen could stand "
        "on. A placement puts all {n} queens on the board, and the search space counts those "
        "placements: {formula}."
    ),
    "mistake.space_squares_for_columns": N_(
        "That is n^2 = {squares}, as if only two columns chose the row of their queen. Each of "
        "the {n} columns chooses its queen's row from {n}, so there are {n} factors of {n}, one "
        "for each column: n^n."
    ),
    "mistake.count_one_queen": N_(
        "0 would mean that the 1 x 1 board has no solution. Its one queen stands on its one "
        "square, and no other queen is there to attack it: that placement is a solution. The "
        "Turin notes leave n = 1 out as trivial, not as impossible."
    ),
    "mistake.count_other_board": N_(
        "That is the count of the {other} x {other} board. The question asks about the {n} x {n} "
        "board."
    ),
    "mistake.count_none": N_(
        "0 would mean that no placement works, but the backtracker finds b = {b} on the {n} x "
        "{n} board. Only n = 2 and n = 3 have no solution."
    ),
    "mistake.space_n": N_(
        "That is n = {n}, the side of the board and the number of queens. The search space "
        "counts the placements of all {n} queens: {formula}."
    ),
    "mistake.space_one": N_(
        "1 would be a single placement. The search space holds every candidate the method "
        "could check, solution or not: {formula}."
    ),
    "mistake.construct_from_one": N_(
        "That is the row as the recipe numbers it, counted from 1. The question counts the rows "
        "from 0, as b[] does."
    ),
    "mistake.reach_n_stops": N_(
        "The loop stops only when k leaves the board (k = n: a solution; k = -1: none). b[k] "
        "reaching n only says that column k has no row left."
    ),
    "mistake.reach_n_stays": N_(
        "It does not stay: b[k] = n means that every row of column k has been tried, and trying "
        "them again would repeat them forever."
    ),
    "mistake.entry_not_reset": N_(
        "{name} = -1 would mean that the loop backtracks from this column: it does so only when "
        "b[k]++ reaches n without finding a free row. Play the ticks asked about one by one, "
        "testing each row, before you answer."
    ),
    "mistake.reach_n_moves_on": N_(
        "k++ follows only a free square, and b[k] = n is no square of the board: column k has no "
        "row left to take, so the loop cannot move on from it."
    ),
    "mistake.shortest_path": N_(
        "{given} is the number of moves of the shortest path. The recipe does not look for the "
        "shortest one: it keeps the first path it completes, trying up, right, down, left in "
        "that order."
    ),
    "mistake.rotations_only": N_(
        "{given} is how many boards the 4 rotations alone give. The question counts the 4 "
        "reflections too: see whether they give boards the rotations did not."
    ),
    "mistake.reflections_counted": N_(
        "{given} counts the reflections too. The question asks only for the 4 rotations (by 0, "
        "90, 180 and 270 degrees)."
    ),
    "mistake.symmetric_half_turn": N_(
        "Not {given}: this solution looks the same after a half turn (180 degrees), so some "
        "symmetries give a board that another one gives too."
    ),
    "mistake.symmetric_quarter_turn": N_(
        "Not {given}: this solution has a symmetry, so some turns give a board that another turn "
        "gives too: turn it a quarter at a time and compare."
    ),
    "mistake.half_turn_moves": N_(
        "The half turn gives {half}, not b: no turn by 90, 180 or 270 degrees gives b back."
    ),
    "mistake.rotations_never_three": N_(
        "3 cannot be: the turned boards come in pairs. If the half turn (180 degrees) gives b "
        "back, the three-quarter turn gives the same board as the quarter turn, and the 4 turns "
        "give at most 2 boards; if it does not, the 4 turns give 4 different boards."
    ),
    "mistake.one_board": N_(
        "Not 1: turned a quarter turn counter-clockwise (90 degrees), b = {b} gives {turned}, "
        "another board. It would be 1 board only if every symmetry gave b back."
    ),
    "mistake.one_board_turns": N_(
        "Not 1: turned a quarter turn counter-clockwise (90 degrees), b = {b} gives {turned}, "
        "another board. It would be 1 board only if every rotation gave b back unchanged."
    ),
    "mistake.examined_for_space": N_(
        "{given} is how many placements this method checks until its first solution (as "
        "queens-tutor compare prints it). The search space holds all the candidates: {formula}."
    ),
    "mistake.space_for_examined": N_(
        "That is the whole search space, {formula}. This method stops at its first solution, "
        "so it checks fewer placements."
    ),
    "mistake.tests_for_placements": N_(
        "{given} is how many squares the backtracker tests until its first solution. This "
        "method checks whole placements."
    ),
    "mistake.ticks_for_tests": N_(
        "That is the Wrocław loop's ticks: they count its backtracks and the solution tick too. "
        "Count only the squares tested."
    ),
    "mistake.backtracks_for_tests": N_("That is the number of backtracks, not of squares tested."),
    "mistake.b_read_swapped": N_(
        "That is the column whose queen is in row {col}: b read the other way round. The "
        "index of b[] is a column; the row is the value stored at that index."
    ),
    "mistake.swapped_or_from_one": N_(
        "That number fits two slips. Read the other way round, it is the column whose queen is "
        "in row {col}; counted from 1, it is the number in position {col}, that is b[{prev}]. "
        "b[i] is the row of the queen in column i, and the positions count from 0."
    ),
    "mistake.column_for_row": N_(
        "{col} is the column itself, the index of b[]. The row of its queen is not the index "
        "but the value stored at it."
    ),
    "mistake.column_from_one": N_(
        "That is b[{prev}], the queen of column {prev}: columns are counted from 0 on the left."
    ),
    "mistake.space_columns_for_bruteforce": N_(
        "That is n^n for n = {n}: one queen in each column, in any row, the search space of one "
        "queen per column. Brute force keeps no queen to a column: it puts the {n} queens on any "
        "{n} of the {squares} squares, C(n^2, n)."
    ),
    "mistake.space_permutations_for_bruteforce": N_(
        "That is n! for n = {n}: one queen in each column and each row, the search space of the "
        "permutations. Brute force keeps neither: it puts the {n} queens on any {n} of "
        "the {squares} squares, C(n^2, n)."
    ),
    "mistake.space_bruteforce_for_columns": N_(
        "That is C(n^2, n) for n = {n}: the {n} queens on any {n} of the {squares} squares, two "
        "in one column too, the search space of brute force. One queen per column puts one queen "
        "in each column: n^n."
    ),
    "mistake.space_permutations_for_columns": N_(
        "That is n! for n = {n}: one queen in each row too, the search space of the "
        "permutations. One queen per column keeps only one queen in each column, and two "
        "queens may share a row: n^n."
    ),
    "mistake.space_bruteforce_for_permutations": N_(
        "That is C(n^2, n) for n = {n}: the {n} queens on any {n} of the {squares} squares, the "
        "search space of brute force. The permutations put one queen in each column and "
        "each row: n!."
    ),
    "mistake.space_columns_for_permutations": N_(
        "That is n^n for n = {n}: one queen in each column, but two queens may share a row, "
        "the search space of one queen per column. The permutations keep one queen in "
        "each row too: n!."
    ),
    "mistake.unique_for_all": N_(
        "That counts each orbit of solutions once, as if a solution turned or mirrored "
        "were the same one. The question counts every solution: turned or mirrored, it is "
        "another placement of the queens."
    ),
    "mistake.all_for_unique": N_(
        "That counts every solution. The question counts each orbit once: the solutions "
        "that the rotations and reflections turn into one another count as one."
    ),
    "mistake.divided_by_symmetries": N_(
        "That is {total}/8: the solutions divided by the 8 symmetries. An orbit can have "
        "fewer than 8 different boards (a solution that looks the same after a half turn has "
        "at most 4), so dividing does not count the orbits."
    ),
    "mistake.maze_through_walls": N_(
        "That counts the rows and columns between S and E as if no wall stood between them. "
        "The path moves only over open squares, around the walls: follow the recipe move by "
        "move."
    ),
    "mistake.squares_for_moves": N_(
        "The question asks for the path's moves, not its squares: count the steps from one "
        "square to the next."
    ),
    "mistake.sum_not_equal_none": N_(
        "Not the sum: col+row is {sum1} and {sum2}, not the same for both squares. Work out "
        "row-col for both squares too: is it the same, or does it differ as well?"
    ),
    "mistake.diff_not_equal_none": N_(
        "Not the difference: row-col is {diff1} and {diff2}, not the same for both squares. "
        "Work out col+row for both squares too: is it the same, or does it differ as well?"
    ),
    "mistake.sum_not_equal_row": N_(
        "Not the sum: col+row is {sum1} and {sum2}, not the same for both squares. Compare "
        "the rows of the two squares, and work out row-col for both: which of the two is the "
        "same?"
    ),
    "mistake.diff_not_equal_row": N_(
        "Not the difference: row-col is {diff1} and {diff2}, not the same for both squares. "
        "Compare the rows of the two squares, and work out col+row for both: which of the two "
        "is the same?"
    ),
    "mistake.rule_of_another_queen": N_(
        "That is how the queen at ({other}) attacks this square. The question asks about the "
        "queen at ({by}). {why}"
    ),
    "mistake.missed_diagonal": N_(
        "They are on one diagonal: one of the two numbers, col+row or row-col, is the same for "
        "both squares. Work out both numbers for each square before answering neither."
    ),
    "mistake.rows_differ": N_(
        "The rows differ ({row1} and {row2}), so not the same row. Work out col+row and row-col "
        "for both squares: is one of them the same?"
    ),
    "mistake.columns_differ": N_(
        "The columns differ ({col1} and {col2}), so not the same column. Work out col+row and "
        "row-col for both squares: is one of them the same?"
    ),
    "mistake.sum_not_equal_col": N_(
        "Not the sum: col+row is {sum1} and {sum2}, not the same for both squares. Compare "
        "the columns of the two squares, and work out row-col for both: which of the two is the "
        "same?"
    ),
    "mistake.diff_not_equal_col": N_(
        "Not the difference: row-col is {diff1} and {diff2}, not the same for both squares. "
        "Compare the columns of the two squares, and work out col+row for both: which of the two "
        "is the same?"
    ),
    "format.place": N_("Press [o] to open the board; the answer is what you do there."),
    "place.other_size": N_(
        "The question is about the {n} x {n} board, and you left it at {size} x {size}. "
        "Press [o] to try again."
    ),
    "place.right_solution": N_("Right: you placed a solution of the {n} x {n} board."),
    "place.right_exhaust": N_(
        "Right: you tried every placement of the {n} x {n} board, and none works."
    ),
    "place.attacking": N_(
        "Not a solution yet: some of the {n} queens on the board attack each other. Press [o] "
        "to go on, or ask for a hint."
    ),
    "place.not_exhausted": N_(
        "Some placements of the {n} x {n} board are still untried. Press [o] to go on, or ask "
        "for a hint."
    ),
}


def say(message_id: str, **params: object) -> str:
    """The message ``message_id`` in the learner's language, its ``{name}`` parameters filled
    in (an ``explanation`` starts as a sentence)."""
    if isinstance(params.get("explanation"), str):
        params["explanation"] = sentence(str(params["explanation"]))
    return _(MESSAGES[message_id]).format(**params).strip()
