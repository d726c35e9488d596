#!/usr/bin/env python3
"""Compares, per UIKit class and SDK era, the keys Apple's compiled nibs in corpus/nib archive
(read from the independent dumps in corpus/nibdump) with the keys `nibtool compile` writes for
the wild iOS documents of the matching Xcodes.

A nib's era is read from its keys: Xcode 14's (`UIFontDescriptorOptions`, `UICenterItemGroups`,
`IBUINibLNEVersionKey`, on any nib of the same app: 'X'), the iOS 15 SDK's table and cell keys
('F'), the iOS 13 SDK's UIViewLargeContentStoredProperties ('L'), else older ('pre'); the wild
documents are grouped by the Xcode their manifest names (X: 14 and later, F: 13, L: 11-12,
pre: 9-10). For each class with at
least 3 instances on both sides, prints the keys Apple writes on >= 80 % of its instances and
the compiler on <= 20 %, or the reverse: candidates for a rule by era (check the sources: many
keys follow from attributes a document sets).

Usage: swift build && python3 Scripts/compare-era-keys.py
Environment: NIBKIT_CORPUS (default ../shared/corpus), NIBTOOL (default .build/debug/nibtool).
"""
import os,sys,subprocess,collections,concurrent.futures as cf,re
here=os.path.dirname(os.path.abspath(__file__))
corpus=os.environ.get('NIBKIT_CORPUS') or os.path.join(here,'..','..','shared','corpus')
tool=os.environ.get('NIBTOOL') or os.path.join(here,'..','.build','debug','nibtool')
def parse_dump(lines):
    objs=collections.defaultdict(dict); cls={}
    strings={}
    for line in lines:
        p=line.rstrip('\n').split('\t')
        if p[0]=='value' and len(p)>=5:
            objs[p[1]][p[3]]=p[5] if len(p)>5 else ''
            cls[p[1]]=p[2]
    return objs,cls
XCODE14_KEYS=('UIFontDescriptorOptions','UICenterItemGroups','IBUINibLNEVersionKey')
def bucket_of(allkeys):
    if any(k in allkeys for k in XCODE14_KEYS): return 'X'
    if 'UIFillerRowHeight' in allkeys or 'UISectionHeaderTopPadding' in allkeys or 'UIContentConfigurationIdentifier' in allkeys: return 'F'
    if 'UIViewLargeContentStoredProperties' in allkeys: return 'L'
    return 'pre'
def tally(objs,cls,acc,b):
    for o,kv in objs.items():
        c=cls[o]
        if c=='UIClassSwapper': c='swap'  # original class unknown in dump w/o string table; skip
        if c in ('NSString','NSArray','NSMutableArray','NSDictionary','NSMutableString','NSNumber','NSSet','NSMutableDictionary','NSData','NSMutableData','swap'): continue
        acc[b][c][0]+=1
        for k in kv: acc[b][c][1][k]+=1
def newacc(): return collections.defaultdict(lambda: collections.defaultdict(lambda:[0,collections.Counter()]))
apple=newacc()
parsed=[]
appkeys=collections.defaultdict(set)
for f in os.listdir(corpus+'/nibdump'):
    lines=open(corpus+'/nibdump/'+f,errors='replace').readlines()
    objs,cls=parse_dump(lines)
    if not any(c.startswith('UI') for c in cls.values()): continue
    allk=set(k for kv in objs.values() for k in kv)
    app=f.split('__')[0]
    # An app's nibs share one ibtool: the Xcode 14 markers of any of its nibs date them all.
    appkeys[app]|=allk & set(XCODE14_KEYS)
    parsed.append((app,objs,cls,allk))
for app,objs,cls,allk in parsed:
    tally(objs,cls,apple,bucket_of(allk|appkeys[app]))
eras={'L':set(range(11,13)),'pre':{9,10},'F':{13},'X':{14,15,16,26}}
man=[l.rstrip('\n').split('\t') for l in open(corpus+'/wild/MANIFEST.tsv')][1:]
docs=[(r[0],int(r[8])) for r in man if r[1]=='ios' and r[8].isdigit()]
ours=newacc()
def run(item):
    f,era=item
    b=[k for k,v in eras.items() if era in v]
    if not b: return None
    src=corpus+'/wild/'+f
    out=work+'/'+os.path.basename(f)+('.storyboardc' if f.endswith('.storyboard') else '.nib')
    subprocess.run([tool,'compile',src,'-o',out],capture_output=True)
    res=[]
    paths=[out] if os.path.isfile(out) else [os.path.join(dp,x) for dp,_,fs in os.walk(out) for x in fs if x.endswith('.nib')] if os.path.isdir(out) else []
    for p in paths:
        if os.path.isdir(p): continue
        d=subprocess.run([tool,'dump','--format','nibdump',p],capture_output=True,text=True)
        res.append(d.stdout.splitlines())
    return b[0],res
import tempfile
work=tempfile.mkdtemp()
with cf.ThreadPoolExecutor(2) as ex:
    for r in ex.map(run,docs):
        if not r: continue
        b,dumps=r
        for lines in dumps:
            objs,cls=parse_dump(lines); tally(objs,cls,ours,b)
for b in eras:
    print('=====',b)
    for c in sorted(set(apple[b])|set(ours[b])):
        na,ka=apple[b][c]; no,ko=ours[b][c]
        if na<3 or no<3: continue
        out=[]
        for k in set(ka)|set(ko):
            fa=ka[k]/na; fo=ko[k]/no
            if (fa>=0.8 and fo<=0.2) or (fo>=0.8 and fa<=0.2): out.append(f'{k} apple {ka[k]}/{na} ours {ko[k]}/{no}')
        if out: print(c, '|', '; '.join(sorted(out)))
