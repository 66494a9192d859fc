/*
 * A stand-in for Google's `https://apis.google.com/js/api.js` (gapi.iframes),
 * served by the e2e suite because these machines cannot reach Google.
 *
 * The Firebase SDK's popup flow and the Auth emulator's helper iframe talk to
 * each other through gapi.iframes; this implements the part of that API they
 * use (load, getContext().open / getParentIframe(), register, send, ping,
 * restyle, CROSS_ORIGIN_IFRAMES_FILTER) over window.postMessage, so the real
 * SDK and the real emulator pages run unchanged. Replies are arrays of the
 * handlers' results, as gapi answers them.
 */
(function () {
  var TAG = "__fakeGapi";

  function channel(target, ready) {
    var handlers = {};
    var pending = {};
    var seq = 0;
    window.addEventListener("message", function (e) {
      var m = e.data;
      if (!m || m[TAG] !== true || e.source !== target()) return;
      if (m.kind === "reply") {
        var cb = pending[m.id];
        delete pending[m.id];
        if (cb) cb(m.result);
        return;
      }
      var handler =
        m.name === "__ping"
          ? function () {
              return true;
            }
          : handlers[m.name];
      Promise.resolve(handler ? handler(m.payload) : undefined).then(function (result) {
        var reply = { kind: "reply", id: m.id, result: [result] };
        reply[TAG] = true;
        e.source.postMessage(reply, "*");
      });
    });
    function send(name, payload, cb) {
      var id = String(++seq) + ":" + Math.random();
      return new Promise(function (resolve) {
        pending[id] = function (result) {
          if (cb) cb(result);
          resolve(result);
        };
        ready.then(function () {
          var msg = { kind: "call", id: id, name: name, payload: payload };
          msg[TAG] = true;
          target().postMessage(msg, "*");
        });
      });
    }
    return {
      register: function (name, fn) {
        handlers[name] = fn;
      },
      send: send,
      ping: function (cb) {
        return send("__ping", null, cb);
      },
      restyle: function () {
        return Promise.resolve();
      },
    };
  }

  var context = {
    open: function (options, callback) {
      var frame = document.createElement("iframe");
      frame.src = options.url;
      var attrs = (options.attributes && options.attributes.style) || {};
      Object.keys(attrs).forEach(function (k) {
        frame.style[k] = attrs[k];
      });
      var loaded = new Promise(function (resolve) {
        frame.addEventListener("load", function () {
          resolve();
        });
      });
      (options.where || document.body).appendChild(frame);
      var iframe = channel(function () {
        return frame.contentWindow;
      }, loaded);
      return Promise.resolve(callback ? callback(iframe) : iframe);
    },
    getParentIframe: function () {
      return channel(function () {
        return window.parent;
      }, Promise.resolve());
    },
  };

  window.gapi = {
    load: function (_name, opts) {
      setTimeout(function () {
        (typeof opts === "function" ? opts : opts.callback)();
      });
    },
    iframes: {
      getContext: function () {
        return context;
      },
      Iframe: function () {},
      CROSS_ORIGIN_IFRAMES_FILTER: {},
    },
  };

  var src = document.currentScript && document.currentScript.src;
  var onload = src ? new URL(src).searchParams.get("onload") : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === "function") window[onload]();
    if (typeof window.gapi_onload === "function") window.gapi_onload();
  });
})();
