package sfmd

import "strings"

// ActionSiteKind says how an action ID is written at an ActionSite.
type ActionSiteKind int

const (
	SiteAction   ActionSiteKind = iota // ```act.ID
	SiteResponse                       // ```act.ID.response
	SiteHint                           // `/act.ID …`, a bare /act.ID template line
	SiteLink                           // [label](act:ID), in prose or in a response template
	SiteShortcut                       // [@s label](act:ID), [@s]: act:ID
	SiteDefault                        // frontmatter default: ID
)

// ActionSite is one place the document writes an action ID: the byte
// offsets [Start, End) of the ID itself, and the hint or link holding it.
type ActionSite struct {
	ID         string
	Kind       ActionSiteKind
	Start, End int
	Hint       *Hint
	Link       *Link
}

// ActionSites lists every place the document writes an action ID as the
// ID's own text (an ID written escaped or quoted is left out, so that
// replacing the text of every site renames the action exactly), in
// document order of kinds: action fences, response fences, hints,
// act: links (the prose's, then the response templates'), shortcut
// targets, the frontmatter's default. Renaming an action (the language
// server's rename, the action-id-invalid fix, through Document.Names)
// edits exactly these sites.
func (d *Document) ActionSites() []ActionSite { return d.actionSites(d.TemplateActLinks()) }

// actionSites is ActionSites with the response templates' act: links.
func (d *Document) actionSites(tlinks []TemplateLink) []ActionSite {
	var out []ActionSite
	add := func(id string, kind ActionSiteKind, sp Span, h *Hint, l *Link) {
		if id == "" || !sp.IsValid() || sp.Start.Off() < 0 || sp.End.Off() > len(d.Src) ||
			sp.End.Off()-sp.Start.Off() != len(id) || string(d.Src[sp.Start.Off():sp.End.Off()]) != id {
			return
		}
		out = append(out, ActionSite{ID: id, Kind: kind, Start: sp.Start.Off(), End: sp.End.Off(), Hint: h, Link: l})
	}
	for _, a := range d.Actions {
		add(a.ID, SiteAction, a.IDSpan, nil, nil)
	}
	for _, r := range d.Responses {
		add(r.ActionID, SiteResponse, r.IDSpan, nil, nil)
	}
	for _, h := range d.Hints {
		if h.Verb == "act" {
			add(h.Target, SiteHint, h.TargetSpan, h, nil)
		}
	}
	for _, l := range d.Links {
		if l.IsAct {
			add(l.ActID, SiteLink, idAfterAct(l.DestSpan, l.ActID), nil, l)
		}
	}
	for _, l := range tlinks {
		add(l.ActID, SiteLink, idAfterAct(l.DestSpan, l.ActID), nil, l.Link)
	}
	for _, sc := range d.Shortcuts {
		if id, ok := ActTarget(sc.URL); ok && sc.Form != ShortcutRefUse {
			add(id, SiteShortcut, idAfterAct(sc.URLSpan, id), nil, nil)
		}
	}
	if f := d.Frontmatter.Get("default"); f != nil && f.Value != nil && f.ValueSpan.IsValid() {
		add(f.Value.Value, SiteDefault, d.textIn(f.ValueSpan, f.Value.Value), nil, nil)
	}
	return out
}

// ActTarget returns the action ID of an act: URI ("act:search?q=x" is
// "search").
func ActTarget(u string) (string, bool) {
	rest, ok := strings.CutPrefix(u, "act:")
	if !ok {
		return "", false
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	return rest, rest != ""
}

// idAfterAct is the span of id right after "act:" at the start of sp
// (offsets only; add checks the text there).
func idAfterAct(sp Span, id string) Span {
	if !sp.IsValid() {
		return Span{}
	}
	s := sp.Start.Off() + len("act:")
	if s+len(id) > sp.End.Off() {
		return Span{}
	}
	return offsetSpan(s, s+len(id))
}

// textIn is the span of the first occurrence of s inside sp (offsets
// only), or an invalid span.
func (d *Document) textIn(sp Span, s string) Span {
	if s == "" || sp.Start.Off() < 0 || sp.End.Off() > len(d.Src) || sp.Start.Off() > sp.End.Off() {
		return Span{}
	}
	i := strings.Index(string(d.Src[sp.Start.Off():sp.End.Off()]), s)
	if i < 0 {
		return Span{}
	}
	return offsetSpan(sp.Start.Off()+i, sp.Start.Off()+i+len(s))
}

// offsetSpan is a span known by its offsets (line and column are
// placeholders: ActionSite keeps only the offsets).
func offsetSpan(start, end int) Span {
	return Span{Start: at(start, 1, 1), End: at(end, 1, 1)}
}
