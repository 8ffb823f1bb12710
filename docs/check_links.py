#!/usr/bin/env python3
"""Check that every relative link and #anchor in README.md and docs/*.md resolves.

    python3 docs/check_links.py

Anchors are GitHub's: a heading's text lowercased, punctuation dropped,
spaces as hyphens (a repeated one gets -1, -2, ...), and <a id="..."> tags.
Links inside code are not links. Exits 1 when a link is broken.
"""
import re, os, sys, unicodedata
root=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
files=['README.md']+['docs/'+f for f in sorted(os.listdir(root+'/docs')) if f.endswith('.md')]
def slug(h):
    h=h.strip().lower()
    h=re.sub(r'<[^>]+>','',h)
    out=''
    for ch in h:
        if ch.isalnum() or ch in '-_ ' : out+=ch
        elif unicodedata.category(ch).startswith('L') or unicodedata.category(ch).startswith('N'): out+=ch
    return out.replace(' ','-')
def strip_code(text):
    lines=text.split('\n'); out=[]; infence=False
    for l in lines:
        if re.match(r'^\s*(```|~~~)',l): infence=not infence; out.append(''); continue
        out.append('' if infence else l)
    return '\n'.join(out)
anchors={}
for f in files:
    t=strip_code(open(os.path.join(root,f)).read())
    seen={}; A=set()
    for m in re.finditer(r'^(#{1,6})\s+(.*?)\s*#*\s*$',t,re.M):
        s=slug(re.sub(r'`','',m.group(2)))
        s=re.sub(r'\[([^\]]*)\]\([^)]*\)',r'\1',s)
        if s in seen: seen[s]+=1; s=f'{s}-{seen[s]}'
        else: seen[s]=0
        A.add(s)
    for m in re.finditer(r'<a\s+(?:id|name)="([^"]+)"',t): A.add(m.group(1))
    anchors[f]=A
bad=0; n=0
for f in files:
    t=strip_code(open(os.path.join(root,f)).read())
    t=re.sub(r'`[^`\n]*`','',t)
    for m in re.finditer(r'\]\(([^)\s]+)(?:\s+"[^"]*")?\)',t):
        link=m.group(1)
        if re.match(r'[a-z]+:',link): continue
        n+=1
        path,_,frag=link.partition('#')
        target=os.path.normpath(os.path.join(os.path.dirname(f),path)) if path else f
        if not os.path.exists(os.path.join(root,target)):
            print(f'{f}: missing file {link}'); bad+=1; continue
        if frag:
            if target not in anchors: print(f'{f}: anchor into non-md {link}'); bad+=1; continue
            if frag not in anchors[target]: print(f'{f}: missing anchor {link}'); bad+=1
print(f'{n} relative links checked, {bad} broken')
sys.exit(1 if bad else 0)
