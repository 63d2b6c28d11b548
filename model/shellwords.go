package model

// The words bash makes of a CLI action's command line. The runtime runs
// the line it built (executeAction, shellQuote) with bash -c
// (loader.ts Loader.execCli); ShellCommands reads that line as bash's
// parser does for the subset of the language CLI actions use: simple
// commands joined by ; & && | || and newlines, ( ) and { } groups,
// '…', "…", $"…" and backslash quoting, redirections, assignments before
// the command name, comments. Nothing is expanded: a $name, ${…}, $(…),
// $((…)) or `…` stays in its word as written and is marked Live, the
// bytes bash replaces when it runs the command. TestShellCommandsBash
// holds the words to what bash itself passes to a command.

// ShellWord is one word of a command after quote removal.
type ShellWord struct {
	Text string
	// From[i] is the offset in the line read of the byte that gave
	// Text[i] (-1 for a byte no source byte gave).
	From []int
	// Live[i] is true when Text[i] belongs to an expansion bash performs
	// when it runs the command ($…, `…`).
	Live []bool
}

// ShellCommand is one simple command: its words as bash passes them to
// the program (the argv before expansion), without the assignments
// before the name and without redirections and their targets.
type ShellCommand struct {
	Args []ShellWord
}

// ShellCommands reads line as bash reads a command line. ok is false
// when the line uses what the subset does not read (a here-document,
// $'…', an unclosed quote or substitution).
func ShellCommands(line string) ([]ShellCommand, bool) {
	p := shellParser{s: line}
	return p.run()
}

type shellParser struct {
	s     string
	i     int
	out   []ShellCommand
	cur   ShellCommand
	w     ShellWord
	buf   []byte // the open word's text
	in    bool   // a word is open
	start int    // offset of the open word's first byte
	redir bool   // the open word is a redirection's target
	bad   bool
	// froms and lives hold the From and Live of every word of the line,
	// each word's a piece of them, the open word's from wfrom on (two
	// lists a word, grown by doubling, were most of the parse's bytes);
	// contig is true while the open word's bytes are consecutive bytes
	// of the line, its Text then the line's own bytes, not a copy.
	froms  []int
	lives  []bool
	wfrom  int
	contig bool
}

// shellSlabs lets the parser keep the words' offsets in the line's
// lists and a word's text in the line; TestShellSlabs turns it off (a
// list of each a word, its text a copy) and holds the words to it.
var shellSlabs = true

func (p *shellParser) add(c byte, from int, live bool) {
	if !p.in {
		p.in, p.start = true, from
	}
	p.buf = append(p.buf, c)
	if !shellSlabs {
		p.w.From = append(p.w.From, from)
		p.w.Live = append(p.w.Live, live)
		return
	}
	if p.froms == nil {
		p.froms, p.lives = make([]int, 0, len(p.s)), make([]bool, 0, len(p.s))
	}
	p.contig = len(p.froms) == p.wfrom || p.contig && from == p.froms[len(p.froms)-1]+1
	p.froms = append(p.froms, from)
	p.lives = append(p.lives, live)
}

// word is the open word: its text, and its offsets and live bytes as
// pieces of the line's lists (nil for a word of no byte).
func (p *shellParser) word() ShellWord {
	if !shellSlabs {
		w := p.w
		w.Text = string(p.buf)
		return w
	}
	var w ShellWord
	if n := len(p.froms); n > p.wfrom {
		w.From, w.Live = p.froms[p.wfrom:n:n], p.lives[p.wfrom:n:n]
		if f := w.From[0]; p.contig && f >= 0 && f+len(p.buf) <= len(p.s) && p.s[f:f+len(p.buf)] == string(p.buf) {
			w.Text = p.s[f : f+len(p.buf)]
		}
		p.wfrom = n
	}
	if w.Text == "" {
		w.Text = string(p.buf)
	}
	return w
}

// open marks a word begun by quotes that may add no byte ("" or ”).
func (p *shellParser) open(at int) {
	if !p.in {
		p.in, p.start = true, at
	}
}

// endWord closes the open word: a redirection's target is dropped, an
// assignment before the command name and a reserved word in command
// position are not arguments.
func (p *shellParser) endWord() {
	if !p.in {
		return
	}
	w := p.word()
	p.w, p.buf, p.in = ShellWord{}, p.buf[:0], false
	if p.redir {
		p.redir = false
		return
	}
	if len(p.cur.Args) == 0 && (isAssignment(p.s[p.start:]) || isReservedStart(w, p.s, p.start)) {
		return
	}
	p.cur.Args = append(p.cur.Args, w)
}

func (p *shellParser) endCommand() {
	p.endWord()
	if len(p.cur.Args) > 0 {
		p.out = append(p.out, p.cur)
	}
	p.cur = ShellCommand{}
}

func (p *shellParser) run() ([]ShellCommand, bool) {
	for p.i < len(p.s) && !p.bad {
		p.step()
	}
	if p.redir && !p.in {
		p.bad = true // a redirection without its target
	}
	p.endCommand()
	if p.bad {
		return nil, false
	}
	return p.out, true
}

// step reads the unquoted byte at p.i and what it begins.
func (p *shellParser) step() {
	s, i := p.s, p.i
	c := s[i]
	switch {
	case c == ' ' || c == '\t':
		p.endWord()
		p.i++
	case c == '\n' || c == ';' || c == '|' || c == '(' || c == ')':
		p.endCommand()
		p.i++
	case c == '&':
		if i+1 < len(s) && s[i+1] == '>' {
			p.redirect(i + 2)
			return
		}
		p.endCommand()
		p.i++
	case c == '<' || c == '>':
		if i+1 < len(s) && s[i+1] == '(' {
			p.substitution(i, ')') // process substitution <(…) >(…)
			return
		}
		p.redirectAt(i)
	case c == '#' && !p.in:
		for p.i < len(s) && s[p.i] != '\n' {
			p.i++
		}
	case c == '\\':
		if i+1 < len(s) {
			if s[i+1] != '\n' {
				p.add(s[i+1], i+1, false)
			}
			p.i += 2
			return
		}
		p.add(c, i, false)
		p.i++
	case c == '\'':
		p.open(i)
		j := i + 1
		for j < len(s) && s[j] != '\'' {
			p.add(s[j], j, false)
			j++
		}
		if j >= len(s) {
			p.bad = true
		}
		p.i = j + 1
	case c == '"':
		p.open(i)
		p.double(i + 1)
	case c == '$':
		p.dollar(false)
	case c == '`':
		p.backtick()
	default:
		p.add(c, i, false)
		p.i++
	}
}

// redirectAt reads a redirection operator at i: a word of digits just
// before it is the file descriptor it names, not an argument.
func (p *shellParser) redirectAt(i int) {
	s := p.s
	if p.in && p.start+len(p.buf) == i && allDigits(string(p.buf)) && p.s[p.start:i] == string(p.buf) {
		p.w, p.buf, p.in = ShellWord{}, p.buf[:0], false
	}
	j := i + 1
	switch {
	case s[i] == '<' && j < len(s) && s[j] == '<':
		if j+1 < len(s) && s[j+1] == '<' {
			j += 2 // here-string <<< word
		} else {
			p.bad = true // a here-document: outside the subset
			return
		}
	case j < len(s) && (s[j] == '>' || s[j] == '&' || s[j] == '|' || (s[i] == '<' && s[j] == '>')):
		j++
	}
	p.redirect(j)
}

// redirect drops the target word that starts after blanks at j.
func (p *shellParser) redirect(j int) {
	p.endWord()
	if j < len(p.s) && p.s[j] == '>' {
		j++ // &>>
	}
	for j < len(p.s) && (p.s[j] == ' ' || p.s[j] == '\t') {
		j++
	}
	p.i = j
	p.redir = true
}

// double reads "…" from j, the byte after the opening quote.
func (p *shellParser) double(j int) {
	s := p.s
	for j < len(s) && s[j] != '"' {
		switch c := s[j]; {
		case c == '\\' && j+1 < len(s) && (s[j+1] == '$' || s[j+1] == '`' || s[j+1] == '"' || s[j+1] == '\\' || s[j+1] == '\n'):
			if s[j+1] != '\n' {
				p.add(s[j+1], j+1, false)
			}
			j += 2
		case c == '$':
			p.i = j
			p.dollar(true)
			if p.bad {
				return
			}
			j = p.i
		case c == '`':
			p.i = j
			p.backtick()
			if p.bad {
				return
			}
			j = p.i
		default:
			p.add(c, j, false)
			j++
		}
	}
	if j >= len(s) {
		p.bad = true
	}
	p.i = j + 1
}

// dollar reads what a $ at p.i begins: a parameter, ${…}, $(…), $((…)),
// $"…" (read as "…"), or a lone $.
func (p *shellParser) dollar(quoted bool) {
	s, i := p.s, p.i
	if i+1 >= len(s) {
		p.add('$', i, false)
		p.i++
		return
	}
	switch c := s[i+1]; {
	case c == '(':
		p.substitution(i, ')')
	case c == '{':
		p.substitution(i, '}')
	case c == '\'' && !quoted:
		p.bad = true // $'…': outside the subset
	case c == '"' && !quoted:
		p.open(i)
		p.double(i + 2)
	case isWordByte(c):
		j := i + 1
		if c >= '0' && c <= '9' {
			j++
		} else {
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
		}
		p.live(i, j)
	case c == '@' || c == '*' || c == '#' || c == '?' || c == '-' || c == '$' || c == '!':
		p.live(i, i+2)
	default:
		p.add('$', i, false)
		p.i++
	}
}

// substitution reads from i (the $, < or > before the bracket at i+1)
// to the matching close, quotes and nested brackets inside skipped, as a
// live run of the word.
func (p *shellParser) substitution(i int, close byte) {
	s := p.s
	open := s[i+1]
	depth := 0
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\'':
			k := indexFrom(s, j+1, '\'')
			if k < 0 {
				p.bad = true
				return
			}
			j = k
		case '"':
			k := closingDouble(s, j+1)
			if k < 0 {
				p.bad = true
				return
			}
			j = k
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				p.live(i, j+1)
				return
			}
		}
	}
	p.bad = true
}

// backtick reads `…` from p.i as a live run of the word.
func (p *shellParser) backtick() {
	s := p.s
	for j := p.i + 1; j < len(s); j++ {
		if s[j] == '\\' {
			j++
			continue
		}
		if s[j] == '`' {
			p.live(p.i, j+1)
			return
		}
	}
	p.bad = true
}

func (p *shellParser) live(i, j int) {
	for k := i; k < j; k++ {
		p.add(p.s[k], k, true)
	}
	p.i = j
}

// closingDouble is the offset of the " that closes a "…" whose text
// starts at j, -1 when there is none.
func closingDouble(s string, j int) int {
	for ; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

func indexFrom(s string, j int, c byte) int {
	if j > len(s) {
		return -1
	}
	if k := indexByte(s[j:], c); k >= 0 {
		return j + k
	}
	return -1
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isAssignment reports a word that begins with an unquoted NAME=.
func isAssignment(s string) bool {
	if s == "" || !(isASCIILetter(s[0]) || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '=':
			return true
		case !isWordByte(s[i]):
			return false
		}
	}
	return false
}

// isReservedStart reports a reserved word in command position that
// begins or ends a group or compound (the words after it are a command
// of their own): { } ! if then else elif fi do done while until time.
func isReservedStart(w ShellWord, s string, start int) bool {
	if start+len(w.Text) > len(s) || s[start:start+len(w.Text)] != w.Text {
		return false // quoted: not a reserved word
	}
	switch w.Text {
	case "{", "}", "!", "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "time":
		return true
	}
	return false
}
