import FileSystem
import Foundation
import TextFormat

/// The report's one HTML page: self-contained (inline style and script, no fonts, nothing fetched),
/// opening from `file://`, with every picture referenced relative to it.
struct ReportPage {
    /// One frame of the filmstrip, and for frames that are not identical what the viewer shows.
    struct Entry: Sendable, Encodable {
        var index: Int
        var name: String
        /// identical, withinTolerance, different, sizeMismatch, missing, extra.
        var status: String
        var passed: Bool
        var message: String
        var thumb: String?
        var expected: String?
        var actual: String?
        var diff: String?
        /// The differing pixels' box, as fractions of the frame: outlined on the difference picture.
        var box: [Double]?
    }

    var report: DiffReport
    var entries: [Entry]
    /// What was compared: `scrollrender diff`, or a suite's scenario.
    var title: String
    /// The report's index, relative to this page, when the page is one of a suite's.
    var index: String?
    /// What explains the result before anything else.
    var lead: [String] = []
    var expectedTrack: MotionTrack
    var actualTrack: MotionTrack
    /// The two motions compared, when both manifests could be read.
    var motion: MotionComparison?

    var html: String {
        let charts = [MotionChart(title: "contentOffset.x (pt)") { $0.contentOffset.x },
                      MotionChart(title: "contentOffset.y (pt)") { $0.contentOffset.y },
                      MotionChart(title: "zoomScale") { $0.zoomScale }]
            .map { $0.svg(expected: expectedTrack, actual: actualTrack) }.joined(separator: "\n")
        // When the motion differs, it explains the pixels: the curves come first.
        let parting = motion.flatMap(Self.firstParting)
        let motion = """
            <section id="motion"><h2>Motion</h2>\(parting.map { "<p class=\"parting\">\(Markup.escape($0))</p>" } ?? "")<p class="muted"><span class="key expected"></span> expected <span class="key actual"></span> actual; ticks mark delegate callbacks but scrollViewDidScroll and scrollViewDidZoom, which come every frame (hover for names).</p>\(charts)</section>
            """
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <title>\(Markup.escapeLine(title)): \(Markup.escape(report.resultSentence))</title>
            <style>\(Self.style)</style></head>
            <body data-current="-1">
            <header>\(index.map { "<nav><a href=\"\(Markup.escape($0))\">← every scenario</a></nav>" } ?? "")<h1>\(Markup.escapeLine(title))</h1><p class="result \(report.passed ? "pass" : "fail")">\(Markup.escape(report.resultSentence))</p>\(lead.map { "<p class=\"lead\">\(Markup.escapeLine($0))</p>" }.joined())</header>
            \(summary)
            \(parting == nil ? "" : motion)
            <section id="viewer" aria-live="polite" style="--aspect:\(aspect)"></section>
            <section><h2>Filmstrip</h2><div id="filmstrip">\(filmstrip)</div></section>
            \(parting == nil ? motion : "")
            <script type="application/json" id="data">\(data)</script>
            <script type="application/json" id="masks">\(masks)</script>
            <script>\(Self.script)</script>
            </body></html>

            """
    }

    /// Only the page's own script runs (by its hash: no other inline script, none fetched); pictures
    /// and style of the report's own.
    static let contentSecurityPolicy: String = {
        let hasher = SHA256()
        hasher.update(Array(script.utf8))
        let hash = Data(hasher.digest()).base64EncodedString()
        return "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; script-src 'sha256-\(hash)'"
    }()

    /// Where the two motions first part (a frame's offset or zoom), in words; `nil` when they do not.
    static func firstParting(_ motion: MotionComparison) -> String? {
        if let p = motion.firstParting {
            return "The motion parts first at t = \(TextFormat.number(p.time, places: 3)) s: contentOffset expected \(MotionComparison.point(p.expected)), actual \(MotionComparison.point(p.actual))"
                + (p.expectedZoomScale == p.actualZoomScale ? "" : ", zoomScale expected \(TextFormat.number(p.expectedZoomScale)), actual \(TextFormat.number(p.actualZoomScale))")
                + ". Pixels that differ after it follow from the motion."
        }
        return motion.expectedFrames == motion.actualFrames ? nil : "The motion lasts \(motion.expectedFrames) frames expected, \(motion.actualFrames) actual."
    }

    private var summary: String {
        let s = report.summary
        var rows: [(String, String)] = [("expected", report.expected), ("actual", report.actual)]
        if report.kind == .sequences {
            rows.append(("frames", "\(report.expectedFrameCount ?? 0) expected, \(report.actualFrameCount ?? 0) actual"))
        }
        rows += [("compared", "\(s.compared)"), ("identical", "\(s.identical)"), ("within tolerance", "\(s.withinTolerance)"),
                 ("differing", "\(s.different + s.sizeMismatches)"), ("missing", "\(s.missing)"), ("extra", "\(s.extra)"),
                 ("failing", "\(report.failingFrameCount) (differing, missing or extra: the frames the viewer steps through)"),
                 ("tolerances", report.tolerance.description)]
        if let mask = report.mask { rows.append(("masked", DiffReport.maskWords(mask) + " (hatched)")) }
        let table = rows.map { "<tr><th>\(Markup.escape($0.0))</th><td>\(Markup.escapeLine($0.1))</td></tr>" }.joined()
        var lines = report.notes + report.problems.map(\.message)
        let pictured = entries.filter { $0.diff != nil }.count
        if pictured < report.failingFrameCount {
            lines.append("full pictures of the first \(pictured) failing frames are kept; the other \(report.failingFrameCount - pictured) are in the filmstrip and the summary (diff --diff-out DIR writes them all)")
        }
        let notes = lines.map { "<li>\(Markup.escape($0))</li>" }.joined()
        return "<section id=\"summary\"><h2>Summary</h2><table>\(table)</table>\(notes.isEmpty ? "" : "<ul class=\"problems\">\(notes)</ul>")</section>"
    }

    private var filmstrip: String {
        entries.enumerated().map { position, entry in
            let image = entry.thumb.map { "<img src=\"\(Markup.escape($0))\" alt=\"\" loading=\"lazy\">" } ?? "<span class=\"blank\"></span>"
            return "<button class=\"thumb \(entry.status)\" data-position=\"\(position)\" title=\"\(Markup.escape(entry.name)): \(Markup.escape(entry.message))\">\(image)<span>\(entry.index)</span></button>"
        }.joined()
    }

    /// The frames' width over their height, for the side-by-side view to fit a frame whole.
    private var aspect: String {
        let size = report.expectedSize
        return String(format: "%.6f", size.height > 0 ? Double(size.width) / Double(size.height) : 1)
    }

    /// The masked boxes as fractions of the frame (left, top, width, height), hatched over every picture.
    private var masks: String {
        let boxes = (report.mask ?? []).map { ComparisonPage.fractions($0, of: report.expectedSize).map { String(format: "%.6f", $0) }.joined(separator: ",") }
        return "[" + boxes.map { "[\($0)]" }.joined(separator: ",") + "]"
    }

    /// The entries as JSON for the script, with `</` broken so that no string can end the script element.
    private var data: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return json.replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "<!--", with: "<\\!--")
    }

    static let style = """
        body{font:14px/1.4 system-ui,-apple-system,sans-serif;margin:0 auto;max-width:1100px;padding:1em;color:#222}
        h1{font-size:1.4em;margin:0} h2{font-size:1.1em;margin:1.2em 0 .4em} .muted{color:#777}
        .result{font-weight:600}.pass{color:#1a7f37}.fail{color:#c62828}
        table{border-collapse:collapse} th{text-align:left;padding:2px 12px 2px 0;font-weight:500;color:#555} td{padding:2px 0}
        #viewer{border:1px solid #ddd;border-radius:6px;padding:.6em;margin-top:1em}
        .views button,.nav button{margin-right:4px} .views button.on{background:#222;color:#fff}
        .stage{margin-top:.6em;overflow:auto;padding:6px} .stage img{max-width:100%;image-rendering:pixelated;border:1px solid #eee}
        .side{display:flex;gap:14px;align-items:flex-start} .side figure{margin:0;flex:1;min-width:0}
        .side .boxwrap{display:block;width:min(100%,calc(85vh * var(--aspect,1)))} .side img{width:100%;height:auto;box-sizing:border-box}
        .slider{position:relative;display:inline-block} .slider img{display:block} .slider img.over{position:absolute;left:0;top:0}
        #filmstrip{display:flex;flex-wrap:wrap;gap:3px}
        .thumb{border:2px solid transparent;padding:0;background:#f4f4f4;display:flex;flex-direction:column;align-items:center;font-size:10px;cursor:pointer}
        .thumb img{height:64px;display:block} .thumb .blank{display:block;width:30px;height:64px}
        .thumb.different,.thumb.sizeMismatch{border-color:#c62828} .thumb.missing{border-color:#ef6c00} .thumb.extra{border-color:#6a1b9a}
        .thumb.withinTolerance{border-color:#f9a825} .thumb.selected{outline:3px solid #1565c0}
        .boxwrap{position:relative;display:inline-block;max-width:100%} .boxwrap img{display:block}
        .mask{position:absolute;box-sizing:border-box;border:1px solid #607d8b;pointer-events:none;background:repeating-linear-gradient(45deg,rgba(96,125,139,.75) 0 3px,rgba(255,255,255,.25) 3px 8px)}
        .box{position:absolute;box-sizing:content-box;min-width:6px;min-height:6px;margin:-4px 0 0 -4px;padding:2px;border:2px solid #00c853;box-shadow:0 0 0 1px #fff;pointer-events:none}
        .parting{font-weight:600;color:#c62828}
        .chart{margin:.4em 0} .chart svg{width:100%;max-width:640px;background:#fafafa}
        .chart rect.frame{fill:none;stroke:#ddd} polyline{fill:none;stroke-width:1.5}
        polyline.expected,line.expected{stroke:#1565c0} polyline.actual,line.actual{stroke:#c62828;stroke-dasharray:4 2}
        line.event{stroke-width:1.5} .key{display:inline-block;width:18px;height:3px;vertical-align:middle}
        .key.expected{background:#1565c0} .key.actual{background:#c62828}
        """

    static let script = """
        (function(){
        const entries = JSON.parse(document.getElementById('data').textContent);
        const masks = JSON.parse(document.getElementById('masks').textContent);
        const failing = entries.map((e,i)=>i).filter(i=>!entries[i].passed);
        const views = ['expected','actual','diff','side','slider'];
        const labels = {expected:'Expected',actual:'Actual',diff:'Diff',side:'Side by side',slider:'Slider'};
        let view = 'side', current = failing.length ? failing[0] : -1;
        const viewer = document.getElementById('viewer');
        function esc(s){return String(s).replace(/[&<>"']/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);}
        function img(src,cls){return src?'<img class="'+(cls||'')+'" src="'+esc(src)+'" alt="">':'<p class="muted">(none)</p>';}
        function place(v){ const b=v.map(x=>(x*100).toFixed(3)+'%'); return 'left:'+b[0]+';top:'+b[1]+';width:'+b[2]+';height:'+b[3]; }
        function hatched(){ return masks.map(m=>'<span class="mask" title="masked: not compared" style="'+place(m)+'"></span>').join(''); }
        function framed(src,box){ if(!src) return img(src);
          return '<div class="boxwrap">'+img(src)+hatched()+(box?'<span class="box" title="the pixels that differ" style="'+place(box)+'"></span>':'')+'</div>'; }
        function boxed(e){ return framed(e.diff, e.box); }
        function render(){
          document.body.dataset.current = current<0 ? '-1' : String(entries[current].index);
          document.body.dataset.view = view;
          document.querySelectorAll('.thumb').forEach(t=>t.classList.toggle('selected', Number(t.dataset.position)===current));
          if(current<0){viewer.innerHTML='<p>No frame differs beyond the tolerance.</p>';return;}
          const e = entries[current], n = failing.indexOf(current);
          let stage = '';
          if(view==='side') stage = '<div class="side"><figure>'+framed(e.expected)+'<figcaption>Expected</figcaption></figure><figure>'+framed(e.actual)+'<figcaption>Actual</figcaption></figure><figure>'+boxed(e)+'<figcaption>Diff</figcaption></figure></div>';
          else if(view==='slider') stage = (e.expected&&e.actual) ? '<input id="slider" type="range" min="0" max="100" value="50" aria-label="Reveal the actual frame"><div class="slider">'+img(e.expected,'under')+img(e.actual,'over')+hatched()+'</div>' : framed(e.expected||e.actual);
          else stage = view==='diff' ? boxed(e) : framed(e[view]);
          viewer.innerHTML = '<div class="nav"><button id="prev" aria-label="Previous differing frame">◀</button><button id="next" aria-label="Next differing frame">▶</button> <strong>'+esc(e.name)+'</strong> ('+(n+1)+' of '+failing.length+' failing) — '+esc(e.message)+'</div>'
            + '<div class="views">'+views.map((v,i)=>'<button data-view="'+v+'" class="'+(v===view?'on':'')+'" title="key '+(i+1)+'">'+labels[v]+'</button>').join('')+' <span class="muted">keys: ← → or j k between frames, 1–5 views</span></div>'
            + '<div class="stage">'+stage+'</div>';
          document.getElementById('prev').onclick=()=>move(-1);
          document.getElementById('next').onclick=()=>move(1);
          viewer.querySelectorAll('[data-view]').forEach(b=>b.onclick=()=>{view=b.dataset.view;render();});
          const slider = document.getElementById('slider');
          if(slider){ const over = viewer.querySelector('img.over');
            const apply=()=>{over.style.clipPath='inset(0 '+(100-Number(slider.value))+'% 0 0)';};
            slider.addEventListener('input',apply); apply(); }
        }
        function move(step){ if(!failing.length) return; const n = failing.indexOf(current);
          current = failing[(n+step+failing.length)%failing.length]; render(); }
        document.addEventListener('keydown',ev=>{
          if(ev.target && ev.target.tagName==='INPUT' && ev.key!=='ArrowRight' && ev.key!=='ArrowLeft') return;
          if(ev.key==='ArrowRight'||ev.key==='j'){move(1);ev.preventDefault();}
          else if(ev.key==='ArrowLeft'||ev.key==='k'){move(-1);ev.preventDefault();}
          else if(ev.key>='1'&&ev.key<='5'){view=views[Number(ev.key)-1];render();}
        });
        document.querySelectorAll('.thumb').forEach(t=>t.onclick=()=>{const p=Number(t.dataset.position); if(!entries[p].passed){current=p;render();}});
        render();
        })();
        """
}
