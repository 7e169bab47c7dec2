// The network page: draws a node's synapses with cytoscape (bundled in the gateway's jar), strongest first and a
// page at a time; a click on a node adds its synapses, a double click opens an error, and the strongest chain to a
// second node is highlighted.
// The graph is window.brainGraph; body[data-graph-ready] is set once the first drawing is done.
(function () {
  'use strict';
  var box = document.getElementById('graph');
  var status = document.getElementById('graph-status');
  var start = box.dataset.node;
  var to = box.dataset.to;
  var more = document.getElementById('more');
  var nextPage = {};
  var colours = { error: '#c0392b', solution: '#27ae60', code_module: '#2980b9', project: '#8e44ad',
    insight: '#d35400', memory: '#16a085', session: '#7f8c8d' };

  function say(text, problem) {
    status.textContent = text;
    status.className = problem ? 'problem' : 'empty';
  }

  function get(url) {
    return fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(function (r) {
      if (!r.ok) {
        return r.text().then(function (t) {
          var reason = t;
          try { reason = JSON.parse(t).error || JSON.parse(t).message || t; } catch (e) { /* plain text */ }
          throw new Error(r.status + ': ' + reason);
        });
      }
      return r.json();
    });
  }

  function elements(graph) {
    var out = [];
    graph.nodes.forEach(function (n) {
      out.push({ group: 'nodes', data: { id: n.id, type: n.type, label: n.label.length > 40 ? n.label.slice(0, 39) + '…' : n.label,
        full: n.label, colour: colours[n.type] || '#555' } });
    });
    graph.edges.forEach(function (e) {
      out.push({ group: 'edges', data: { id: e.id, source: e.source, target: e.target, type: e.type, weight: e.weight,
        label: e.type + ' ' + e.weight.toFixed(2) } });
    });
    return out;
  }

  function add(cy, graph) {
    var fresh = elements(graph).filter(function (el) { return cy.getElementById(el.data.id).empty(); });
    cy.add(fresh);
    return fresh.length;
  }

  function layout(cy) {
    cy.layout({ name: 'cose', animate: false, randomize: false, nodeDimensionsIncludeLabels: true }).run();
  }

  function describe(cy, graph) {
    nextPage[graph.start] = graph.next_page_token || '';
    more.hidden = !nextPage[graph.start];
    more.dataset.node = graph.start;
    say(cy.nodes().length + ' nodes, ' + cy.edges().length + ' synapses' +
      (graph.edges.length === 0 ? ' — ' + graph.start + ' has no synapse' : '') +
      (nextPage[graph.start] ? ' (' + graph.start + ' has weaker synapses: see the button below)' : ''));
  }

  function graphOf(node, page) {
    return get('/ui/network/graph?node=' + encodeURIComponent(node) + (page ? '&page=' + encodeURIComponent(page) : ''));
  }

  function highlight(cy, connection) {
    var list = document.getElementById('path-hops');
    list.textContent = '';
    if (!connection.found) {
      say(connection.searched || 'no path', false);
      return;
    }
    connection.hops.forEach(function (h) {
      var source = h.forward ? h.from : h.to;
      var target = h.forward ? h.to : h.from;
      [source, target].forEach(function (id) {
        if (cy.getElementById(id).empty()) {
          cy.add({ group: 'nodes', data: { id: id, type: id.split(':')[0], label: id, full: id,
            colour: colours[id.split(':')[0]] || '#555' } });
        }
      });
      var id = source + '>' + target + ':' + h.synapse_type;
      if (cy.getElementById(id).empty()) {
        cy.add({ group: 'edges', data: { id: id, source: source, target: target, type: h.synapse_type, weight: h.weight,
          label: h.synapse_type + ' ' + h.weight.toFixed(2) } });
      }
      cy.getElementById(id).addClass('path');
      cy.getElementById(source).addClass('path');
      cy.getElementById(target).addClass('path');
      var li = document.createElement('li');
      li.textContent = h.from + ' → ' + h.to + ' (' + h.synapse_type + ', weight ' + h.weight.toFixed(2) + ')';
      list.appendChild(li);
    });
    var total = document.createElement('li');
    total.className = 'total';
    total.textContent = 'total weight ' + connection.total_weight.toFixed(2) +
      (connection.partial ? ' — the strongest found within the time limit; a stronger one may exist' : '');
    list.appendChild(total);
  }

  if (!start) {
    return;
  }
  say('drawing ' + start + ' …');
  graphOf(start).then(function (graph) {
    var cy = cytoscape({
      container: box,
      elements: elements(graph),
      wheelSensitivity: 0.3,
      style: [
        { selector: 'node', style: { 'background-color': 'data(colour)', label: 'data(label)', 'font-size': 10,
          'text-valign': 'bottom', 'text-margin-y': 4, width: 18, height: 18 } },
        { selector: 'node[id = "' + start.replace(/"/g, '') + '"]', style: { width: 28, height: 28, 'border-width': 3,
          'border-color': '#222' } },
        { selector: 'edge', style: { width: 'mapData(weight, 0, 1, 1, 8)', 'line-color': '#999', 'target-arrow-color': '#999',
          'target-arrow-shape': 'triangle', 'curve-style': 'bezier', label: 'data(label)', 'font-size': 8,
          'text-rotation': 'autorotate', color: '#444' } },
        { selector: '.path', style: { 'line-color': '#e67e22', 'target-arrow-color': '#e67e22', 'border-color': '#e67e22',
          'border-width': 3, 'z-index': 10 } }
      ]
    });
    window.brainGraph = cy;
    layout(cy);
    describe(cy, graph);
    cy.on('tap', 'node', function (evt) {
      var id = evt.target.id();
      graphOf(id).then(function (graph) {
        if (add(cy, graph) > 0) { layout(cy); }
        describe(cy, graph);
        document.body.dataset.expanded = id;
      }).catch(function (e) { say(e.message, true); });
    });
    more.addEventListener('click', function () {
      var node = more.dataset.node;
      graphOf(node, nextPage[node]).then(function (graph) {
        if (add(cy, graph) > 0) { layout(cy); }
        describe(cy, graph);
      }).catch(function (e) { say(e.message, true); });
    });
    cy.on('dbltap', 'node[type = "error"]', function (evt) {
      window.location.href = '/ui/errors/' + evt.target.id().split(':')[1];
    });
    var done = to ? get('/ui/network/path?from=' + encodeURIComponent(start) + '&to=' + encodeURIComponent(to))
      .then(function (c) { highlight(cy, c); layout(cy); }) : Promise.resolve();
    return done.then(function () { document.body.dataset.graphReady = 'true'; });
  }).catch(function (e) {
    say(e.message, true);
    document.body.dataset.graphReady = 'error';
  });
}());
