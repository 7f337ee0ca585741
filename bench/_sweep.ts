import sharp from 'sharp'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { proposeFloor } from '../src/shared/analysis/floor-proposal'
import { segmentBackground } from '../src/shared/analysis/floor-segments'
import { importOpenRoom } from '../src/shared/formats/ags/import-room'
import { rasterisePolygons } from '../src/shared/geometry/rasterise'
import { benchRoomAreas, parseBenchRoom } from '../src/shared/measure/readers/bench-room'
import { diskSource } from '../tests/support/disk-import-source'
const B='/work/shared/bench'
async function pic(f:string){const {data,info}=await sharp(f).ensureAlpha().raw().toBuffer({resolveWithObject:true});return {width:info.width,height:info.height,data:new Uint8Array(data)}}
async function poly(n:string){const r=parseBenchRoom(JSON.parse(await readFile(join(B,'rooms',n+'.json'),'utf8')),n);const p=await pic(join(B,'rooms',n+'-background.png'));return {n,p,t:rasterisePolygons(benchRoomAreas(r),p.width,p.height)}}
async function mono(){const p=await pic(join(B,'rooms/monoags-brokencurbstreet-background.png'));const t=new Uint8Array(p.width*p.height);for(let i=1;i<=4;i++){const m=await pic(join(B,`rooms/monoags-brokencurbstreet-walkable${i}.png`));for(let q=0;q<t.length;q++)if(m.data[q*4+3]>0)t[q]=1}return {n:'mono',p,t}}
async function ags(){const g=join(B,'engines/ags-tumbleweed');const im=await importOpenRoom(diskSource(g),'Rooms/1/data.xml',{});const p=await pic(join(g,'Rooms/1/background0.png'));const t=new Uint8Array(p.width*p.height);for(let q=0;q<t.length;q++)t[q]=im.mask![q]>0?1:0;return {n:'ags',p,t}}
function mid(t:Uint8Array,w:number,h:number){const f=new Int32Array(w*h).fill(-1);const Q:number[]=[];for(let p=0;p<w*h;p++){const x=p%w,y=(p-x)/w;if(t[p]&&(x==0||y==0||x==w-1||y==h-1||!t[p-1]||!t[p+1]||!t[p-w]||!t[p+w])){f[p]=0;Q.push(p)}}let b=Q[0];for(let i=0;i<Q.length;i++){const p=Q[i],x=p%w;for(const q of [p-1,p+1,p-w,p+w]){if(q<0||q>=w*h||(q==p-1&&x==0)||(q==p+1&&x==w-1))continue;if(t[q]&&f[q]<0){f[q]=f[p]+1;Q.push(q);if(f[q]>f[b])b=q}}}return {x:b%w+0.5,y:Math.floor(b/w)+0.5}}
function iou(a:Uint8Array,b:Uint8Array){let i=0,u=0,na=0,nb=0;for(let p=0;p<a.length;p++){if(a[p]&&b[p])i++;if(a[p]||b[p])u++;na+=a[p];nb+=b[p]}if(process.env.PR)return `${(i/u).toFixed(3)}(r${(i/na).toFixed(2)},p${(i/nb).toFixed(2)})` as unknown as number;return i/u}
const rooms=[await poly('adventurepathfinding-room1'),await poly('adventurepathfinding-room2'),await poly('popochiu-house'),await mono(),await ags()]
const opts=JSON.parse(process.argv[2]??'{}')
const ts=(process.env.TS??"0.2,0.3,0.4,0.5,0.6,0.7,0.8").split(",").map(Number)
for(const r of rooms){const s=segmentBackground(r.p,opts);const c=mid(r.t,r.p.width,r.p.height);console.log(r.n.padEnd(28),String(s.count).padStart(6),ts.map(t=>{const v=iou(r.t,proposeFloor(s,c,t,Number(process.env.M??0)).mask);return typeof v==="number"?v.toFixed(3):v}).join(' '))}
const T=Number(process.argv[3]??'0.3')
for(const r of rooms){const s=segmentBackground(r.p,opts);const c=mid(r.t,r.p.width,r.p.height);const m=proposeFloor(s,c,T).mask;const {width,height,data}=r.p;const out=new Uint8Array(width*height*3);for(let p=0;p<width*height;p++){const t=r.t[p],q=m[p];const tint=t&&q?[255,0,255]:t?[0,80,255]:q?[255,40,0]:null;for(let k=0;k<3;k++)out[p*3+k]=tint?(data[p*4+k]+tint[k]*2)/3:data[p*4+k]}
// segment borders in white
for(let y=0;y<height;y++)for(let x=0;x<width-1;x++){const a=s.labels[Math.floor(y/s.scaleY)*s.workWidth+Math.floor(x/s.scaleX)],b=s.labels[Math.floor(y/s.scaleY)*s.workWidth+Math.floor((x+1)/s.scaleX)];if(a!==b){const p=y*width+x;out[p*3]=out[p*3+1]=out[p*3+2]=255}}
await sharp(out,{raw:{width,height,channels:3}}).resize(width*2,height*2,{kernel:'nearest'}).png().toFile(`/tmp/floor/${r.n}.png`)}
