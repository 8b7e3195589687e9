// Sellers are often on a shaky mobile connection: say so when it drops and when it is back.
import { useEffect } from "react";
import { toast } from "./ui/use-toast";

export function ConnectionToasts() {
  useEffect(() => {
    const offline = () =>
      toast({
        variant: "destructive",
        title: "Keine Internetverbindung",
        description: "Prüfe deine Verbindung. Deine Eingaben bleiben erhalten.",
      });
    const online = () => toast({ title: "Wieder online", description: "Die Verbindung ist wiederhergestellt." });
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
  return null;
}
